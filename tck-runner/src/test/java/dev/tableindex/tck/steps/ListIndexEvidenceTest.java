package dev.tableindex.tck.steps;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.proto.tck.BuildListIndexRequest;
import dev.tableindex.proto.tck.BuildListIndexResult;
import dev.tableindex.proto.tck.PageDataRow;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.ListElementIndexer;
import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.api.TckEngineProvider;
import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.engine.ReferenceEngine;
import dev.tableindex.proto.tck.QueryListIndexRequest;
import dev.tableindex.proto.tck.QueryListIndexResult;
import dev.tableindex.tck.run.Outcome;
import dev.tableindex.tck.run.ScenarioResult;
import dev.tableindex.tck.run.TckRun;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the list element index scenarios take as evidence (docs/decisions/0051): a writer's files, never its reply,
 * and a reader's rows whether it is handed the index as files (list_element_index.read_files) or as rows. The
 * reference declares every capability, so the kill matrix runs the file paths; these engines run the others.
 */
public class ListIndexEvidenceTest {
    @TempDir
    Path reports;

    private List<ScenarioResult> run(String engine, String... ids) {
        String tags = Stream.of(ids).map(id -> "@id:" + id).collect(Collectors.joining(" or "));
        return TckRun.run(new TckRun.Options(engine, tags, null, reports, false, false,
                new Engines.Timeouts(Duration.ofSeconds(60), Duration.ofSeconds(30)), Path.of(".")),
                new PrintWriter(PrintWriter.nullWriter())).scenarios();
    }

    /** A reader that is handed rows, not files, answers every reader scenario from them; LEI-0200 needs the files. */
    @Test
    void aReaderHandedRowsPassesTheReaderScenarios() {
        List<ScenarioResult> results = run(RowsReader.NAME, "LEI-0020", "LEI-0029", "LEI-0033", "LEI-0034", "LEI-0040",
                "LEI-0060", "LEI-0061", "LEI-0063", "LEI-0080", "LEI-0087", "LEI-0089", "LEI-0095", "LEI-0200", "LEI-0201", "LEI-0203");
        assertThat(results).filteredOn(ListIndexEvidenceTest::realLanceFiles).isNotEmpty()
                .allSatisfy(r -> assertThat(r.outcome()).isEqualTo(Outcome.UNSUPPORTED));
        assertThat(results).filteredOn(r -> !realLanceFiles(r)).hasSizeGreaterThan(20)
                .allSatisfy(r -> assertThat(r.outcome()).as(r.id() + " " + r.message()).isEqualTo(Outcome.PASS));
    }

    private static boolean realLanceFiles(ScenarioResult result) {
        return result.id().startsWith("LEI-0200") || result.id().startsWith("LEI-0203");
    }

    /** A writer's reply is a diagnostic: one that lies about the rows it wrote passes on right files, and is reported. */
    @Test
    void aWritersReplyIsNotTheEvidence() {
        List<ScenarioResult> results = run(ReplyLies.NAME, "LEI-0010", "LEI-0014");
        assertThat(results).hasSize(2).allSatisfy(r -> {
            assertThat(r.outcome()).as(r.id() + " " + r.message()).isEqualTo(Outcome.PASS);
            assertThat(r.message()).contains("the reply's page_data rows differ from page_data.lance");
        });
    }

    /** A writer that writes no files gets UNSUPPORTED for the storage scenarios, whatever its reply says. */
    @Test
    void aWriterWithoutFilesIsNotJudgedOnItsReply() {
        List<ScenarioResult> results = run(NoFiles.NAME, "LEI-0001", "LEI-0010", "LEI-0091");
        assertThat(results).filteredOn(r -> !r.id().equals("LEI-0091"))
                .allSatisfy(r -> assertThat(r.outcome()).isEqualTo(Outcome.UNSUPPORTED));
        assertThat(results).filteredOn(r -> r.id().equals("LEI-0091")).singleElement()
                .satisfies(r -> assertThat(r.outcome()).isEqualTo(Outcome.PASS));
    }

    /** The reference engine declaring fewer capabilities. */
    abstract static class Restricted implements TckEngineProvider {
        private final Set<Capability> without;

        Restricted(Capability... without) {
            this.without = Set.of(without);
        }

        /** The facet this engine answers with, given the reference's. */
        <F extends Facet> F facet(Class<F> type, F reference) {
            return reference;
        }

        @Override
        public TckEngine start() {
            ReferenceEngine reference = new ReferenceEngine();
            EnumSet<Capability> declared = EnumSet.allOf(Capability.class);
            declared.removeAll(without);
            return new TckEngine() {
                @Override
                public EngineInfo info() {
                    return new EngineInfo(name(), "0", declared);
                }

                @Override
                public <F extends Facet> F facet(Class<F> type) {
                    return Restricted.this.facet(type, reference.facet(type));
                }
            };
        }
    }

    public static final class RowsReader extends Restricted {
        static final String NAME = "test-reference-without-read-files";

        public RowsReader() {
            super(Capability.LIST_ELEMENT_INDEX_READ_FILES);
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    public static final class NoFiles extends Restricted {
        static final String NAME = "test-reference-without-files";

        public NoFiles() {
            super(Capability.LIST_ELEMENT_INDEX_FILES);
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    /** Writes the reference's files and replies with its page_data rows reversed. */
    public static final class ReplyLies extends Restricted {
        static final String NAME = "test-reference-whose-reply-lies";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        <F extends Facet> F facet(Class<F> type, F reference) {
            if (type != ListElementIndexer.class) {
                return reference;
            }
            ListElementIndexer indexer = (ListElementIndexer) reference;
            return type.cast(new ListElementIndexer() {
                @Override
                public BuildListIndexResult buildListIndex(BuildListIndexRequest request) {
                    BuildListIndexResult built = indexer.buildListIndex(request);
                    List<PageDataRow> reversed = new ArrayList<>(built.getPageDataList());
                    Collections.reverse(reversed);
                    return built.toBuilder().clearPageData().addAllPageData(reversed).build();
                }

                @Override
                public QueryListIndexResult queryListIndex(QueryListIndexRequest request) {
                    return indexer.queryListIndex(request);
                }
            });
        }
    }
}
