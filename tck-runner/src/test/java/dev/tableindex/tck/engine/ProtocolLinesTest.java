package dev.tableindex.tck.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.proto.tck.Request;
import org.junit.jupiter.api.Test;

/** Protocol lines read as protobuf's JSON mapping reads them, with the kit's own words for what is wrong. */
class ProtocolLinesTest {
    @Test
    void anEmptyAnyIsTheAnyWithoutATypeUrl() throws Exception {
        // protobuf prints a set but empty Any as {}; a request carrying "details with no type" must cross
        Request request = ProtocolLines.parse("{\"id\":\"3\",\"queryListIndex\":{\"details\":{\"targetDetails\":{}}}}",
                Request.newBuilder()).build();

        assertThat(request.getQueryListIndex().getDetails().hasTargetDetails()).isTrue();
        assertThat(request.getQueryListIndex().getDetails().getTargetDetails().getTypeUrl()).isEmpty();
    }

    @Test
    void anAnyWithMembersButNoTypeUrlIsRefusedNamingWhere() {
        assertThatThrownBy(() -> ProtocolLines.parse(
                "{\"id\":\"3\",\"queryListIndex\":{\"details\":{\"targetDetails\":{\"x\":1}}}}", Request.newBuilder()))
                .isInstanceOf(ProtocolLines.BadLine.class)
                .hasMessageContaining("$.queryListIndex.details.targetDetails.@type");
    }
}
