package dev.tableindex.tck.mutants;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.run.Outcome;
import dev.tableindex.tck.run.ScenarioResult;
import dev.tableindex.tck.run.TckReport;
import dev.tableindex.tck.run.TckRun;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each Iceberg index data mutant fails (FAIL, a must violated) at least one scenario of the rules it breaks, until
 * the kill matrix (branch wt-killmatrix) runs them all.
 */
class IcebergDataMutantsTest {
    @TempDir Path reports;

    static Stream<Arguments> mutants() {
        return Stream.of(
                Arguments.of(new IcebergDataMutants.TruncatesGroupMaxStrings(), List.of("ICE-0503")),
                Arguments.of(new IcebergDataMutants.SplitsKeyGroups(), List.of("ICE-0502")),
                Arguments.of(new IcebergDataMutants.IndexesDeletedRows(), List.of("ICE-0508")),
                Arguments.of(new IcebergDataMutants.MergesIdenticalEntries(), List.of("ICE-0501")),
                Arguments.of(new IcebergDataMutants.FailsOnUnknownIndexType(), List.of("ICE-0602")),
                Arguments.of(new IcebergDataMutants.TrustsLaggingIndex(), List.of("ICE-0601")),
                Arguments.of(new IcebergDataMutants.ReversesTrackingEntries(), List.of("ICE-0504")),
                Arguments.of(new IcebergDataMutants.SizeBeforeFooter(), List.of("ICE-0505")),
                Arguments.of(new IcebergDataMutants.DropsNonMaterializedStats(), List.of("ICE-0505")),
                Arguments.of(new IcebergDataMutants.NullsLast(), List.of("ICE-0504")),
                Arguments.of(new IcebergDataMutants.RenumbersRangeFileColumns(), List.of("ICE-0506")));
    }

    @org.junit.jupiter.api.Test
    void everyMustRuleOfTheDataPartThatScenariosCheckHasAMutant() throws Exception {
        java.util.Set<String> broken = new java.util.TreeSet<>();
        mutants().forEach(a -> broken.addAll(((MutantEngine) a.get()[0]).breaks()));
        List<String> must = new java.util.ArrayList<>();
        new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                .readTree(Path.of("../features/rules/iceberg-index-spec-draft.yaml").toFile()).forEach(r -> {
                    String id = r.get("id").asText();
                    if (Integer.parseInt(id.substring("ICE-R".length())) >= 100 && r.get("level").asText().equals("must")
                            && !r.get("scenarios").isEmpty()) {
                        must.add(id);
                    }
                });
        assertThat(broken).containsAll(must);
    }

    @ParameterizedTest
    @MethodSource("mutants")
    void isKilled(MutantEngine mutant, List<String> scenarios) {
        String tags = scenarios.stream().map(id -> "@id:" + id).collect(Collectors.joining(" or "));
        TckReport report = TckRun.run(new TckRun.Options(mutant.name(), tags, null, reports.resolve(mutant.name()),
                false, false, new Engines.Timeouts(Duration.ofSeconds(60), Duration.ofSeconds(30)), Path.of(".")),
                new PrintWriter(PrintWriter.nullWriter()));
        assertThat(report.scenarios()).isNotEmpty();
        assertThat(report.scenarios()).as(mutant.flaw() + " " + report.scenarios()).extracting(ScenarioResult::outcome).contains(Outcome.FAIL);
    }
}
