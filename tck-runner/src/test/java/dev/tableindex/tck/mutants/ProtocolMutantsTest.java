package dev.tableindex.tck.mutants;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.tableindex.proto.tck.CountRowsResult;
import dev.tableindex.proto.tck.EncodeKeyResult;
import dev.tableindex.proto.tck.Result;
import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.run.Outcome;
import dev.tableindex.tck.run.ScenarioResult;
import dev.tableindex.tck.run.TckReport;
import dev.tableindex.tck.run.TckRun;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The protocol mutants change exactly their one field, and the subprocess path carries the wrong value to a FAIL. */
class ProtocolMutantsTest {
    @TempDir
    Path reports;

    @Test
    void aMutantChangesOnlyItsOwnResultType() throws Exception {
        Result key = Result.newBuilder().setEncodeKey(EncodeKeyResult.newBuilder()
                .setEncoding(ByteString.copyFrom(new byte[] {2, 0x63, 0}))).build();
        Result count = Result.newBuilder().setCountRows(CountRowsResult.newBuilder().setCount(7)).build();
        ProtocolMutants.FlipsAKeyByte flips = new ProtocolMutants.FlipsAKeyByte();
        assertThat(flips.corrupt(key).getEncodeKey().getEncoding().toByteArray()).containsExactly(2, 0x63, 1);
        assertThat(flips.corrupt(count)).isEqualTo(count);
        ProtocolMutants.CountsOneRowMore counts = new ProtocolMutants.CountsOneRowMore();
        assertThat(counts.corrupt(count).getCountRows().getCount()).isEqualTo(8);
        assertThat(counts.corrupt(key)).isEqualTo(key);
        // refusals and other replies pass the proxy untouched
        String refusal = "{\"id\":3,\"error\":{\"kind\":\"BAD_MAGIC\",\"message\":\"x\",\"offset\":\"-1\"}}";
        assertThat(flips.corruptLine(refusal)).isEqualTo(refusal);
    }

    private List<ScenarioResult> run(ProtocolMutants.ProtocolMutant mutant, String tags) {
        TckReport report = TckRun.run(new TckRun.Options("cmd:" + mutant.command(), tags, null, reports, false, false,
                new Engines.Timeouts(Duration.ofSeconds(60), Duration.ofSeconds(30)), Path.of(".")),
                new PrintWriter(PrintWriter.nullWriter()));
        return report.scenarios();
    }

    private void killedBy(ProtocolMutants.ProtocolMutant mutant, String scenario) {
        assertThat(run(mutant, "@id:" + scenario)).as(mutant.name()).isNotEmpty()
                .anySatisfy(r -> assertThat(r.outcome()).isEqualTo(Outcome.FAIL))
                .noneSatisfy(r -> assertThat(r.outcome()).isEqualTo(Outcome.ERROR));
    }

    @Test
    void eachProtocolMutantFailsAScenario() {
        killedBy(new ProtocolMutants.FlipsAKeyByte(), "KE-0004");
        killedBy(new ProtocolMutants.SendsUnknownAsFalse(), "AE-0001");
        killedBy(new ProtocolMutants.DropsARowAddress(), "LEI-0002");
        killedBy(new ProtocolMutants.SwapsPageRows(), "LEI-0010");
        killedBy(new ProtocolMutants.SendsCoverageAsUnknown(), "MR-0010");
        killedBy(new ProtocolMutants.CountsOneRowMore(), "IL-0020");
    }
}
