package dev.tableindex.tck.mutants;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.protobuf.ByteString;
import dev.tableindex.proto.tck.CountRowsResult;
import dev.tableindex.proto.tck.EncodeKeyResult;
import dev.tableindex.proto.tck.Result;
import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.integrity.RulesCatalogue;
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

    /**
     * Each mutant fails a scenario of the rule it breaks. Once the catalogues have those rules the kill matrix
     * runs the mutants itself (KillMatrixTest), so this runs only while some of them wait for a catalogue.
     */
    @Test
    void eachProtocolMutantFailsAScenarioOfTheRuleItBreaks() {
        RulesCatalogue catalogue = RulesCatalogue.load();
        List<ProtocolMutants.ProtocolMutant> mutants = KillMatrix.registered().stream()
                .filter(ProtocolMutants.ProtocolMutant.class::isInstance).map(ProtocolMutants.ProtocolMutant.class::cast)
                .toList();
        assertThat(mutants).hasSize(6);
        assumeTrue(mutants.stream().anyMatch(m -> m.breaks().stream().anyMatch(id -> catalogue.rule(id).isEmpty())),
                "every protocol mutant's rules are catalogued: KillMatrixTest runs them");
        killedBy(new ProtocolMutants.FlipsAKeyByte(), "KE-0004");        // LEI-R074: KE-0004, LEI-0001
        killedBy(new ProtocolMutants.SendsUnknownAsFalse(), "AE-0011");  // LEI-R081: AE-0011, AE-0015
        killedBy(new ProtocolMutants.DropsARowAddress(), "LEI-0002");    // LEI-R087: LEI-0002, LEI-0020..0032, LEI-0087
        killedBy(new ProtocolMutants.SendsKeyIdsReversed(), "LEI-0091"); // LEI-R010: LEI-0012, LEI-0091, ...
        killedBy(new ProtocolMutants.SendsCoverageAsUnknown(), "MR-0010"); // LTP-R017: ..., MR-0010, ...
        killedBy(new ProtocolMutants.CountsOneRowMore(), "IL-0020");     // LTP-R037: IL-0020, IL-0021
    }
}
