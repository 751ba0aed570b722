package dev.tableindex.tck.steps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;
import org.junit.jupiter.api.Test;

class HexForBase64Test {
    @Test
    void hexSentAsBase64IsNamed() {
        // an engine meaning the bytes 02 63 writes "0263" into a bytes field; the JSON mapping reads it as base64
        byte[] received = Base64.getDecoder().decode("0263");
        assertThat(HexForBase64.hint(received, "02 63")).contains("sent hex where the protocol's JSON wants base64");
    }

    @Test
    void otherWrongBytesGetNoHint() {
        assertThat(HexForBase64.hint(new byte[6], "00 00 00 00 00 01")).isEmpty();
        assertThat(HexForBase64.hint(new byte[] {1, 2}, "02 63")).isEmpty();
    }

    @Test
    void theFirstDifferingRowIsNamed() {
        assertThat(ListIndexSteps.firstDifference(java.util.List.of("0:0", "0:1"), java.util.List.of("0:0", "0:2")))
                .isEqualTo(": first difference, row 0:1 is missing");
        assertThat(ListIndexSteps.firstDifference(java.util.List.of("0:0"), java.util.List.of("0:0", "0:2")))
                .isEqualTo(": first difference, row 0:2 should not be there");
    }
}
