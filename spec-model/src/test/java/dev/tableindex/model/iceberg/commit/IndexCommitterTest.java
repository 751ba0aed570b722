package dev.tableindex.model.iceberg.commit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.iceberg.commit.CommitOutcome.Committed;
import dev.tableindex.model.iceberg.commit.CommitOutcome.Rejected;
import dev.tableindex.model.iceberg.commit.IndexCommitter.Base;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.IndexType;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.MetadataLogEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IndexCommitterTest {
    @TempDir
    Path dir;

    private IndexCommitter committer() {
        return new IndexCommitter(new FileMetadataPointer(dir.resolve("catalog"), "by_user"), Clock.systemUTC(),
                () -> UUID.randomUUID().toString());
    }

    private IndexMetadata initial(Map<String, String> properties) {
        return IndexMetadata.create(UUID.randomUUID().toString(), UUID.randomUUID().toString(),
                IndexLocations.of(dir.resolve("index")),
                0, new IndexDefinition(IndexType.SCALAR, List.of(1), List.of(), List.of(), List.of(1)), properties);
    }

    private List<Path> metadataFiles() throws Exception {
        try (Stream<Path> files = Files.list(dir.resolve("index/metadata"))) {
            return files.sorted().toList();
        }
    }

    @Test
    void aWriterWhoseBaseIsNoLongerCurrentIsRejectedAndChangesNothing() throws Exception {
        IndexCommitter committer = committer();
        committer.create(initial(Map.of()));
        Base stale = committer.readCurrent().orElseThrow();
        Committed newer = (Committed) committer.commit(stale, m -> m.withProperty("a", "1"));
        byte[] newerBytes = Files.readAllBytes(IndexLocations.toPath(newer.metadataFile()));

        CommitOutcome late = committer.commit(stale, m -> m.withProperty("b", "2"));

        assertThat(late).isEqualTo(new Rejected(newer.metadataFile()));
        assertThat(committer.readCurrent().orElseThrow().metadataFile()).isEqualTo(newer.metadataFile());
        assertThat(Files.readAllBytes(IndexLocations.toPath(newer.metadataFile()))).isEqualTo(newerBytes);
        assertThat(metadataFiles()).hasSize(2); // the rejected writer's own file is gone
    }

    @Test
    void everyUpdateWritesANewFileAndLogsTheOneItReplaces() throws Exception {
        IndexCommitter committer = committer();
        Committed first = (Committed) committer.create(initial(Map.of()));
        Committed second = (Committed) committer.commit(committer.readCurrent().orElseThrow(), m -> m.withProperty("a", "1"));

        assertThat(second.metadataFile()).isNotEqualTo(first.metadataFile());
        assertThat(second.metadataFile()).matches(".*/metadata/00001-[0-9a-f-]{36}\\.metadata\\.json");
        assertThat(second.metadata().metadataLog()).containsExactly(new MetadataLogEntry(
                first.metadataFile().substring(first.metadata().location().length() + 1), first.metadata().lastUpdatedMs()));
        assertThat(IndexMetadataJson.read(Files.readAllBytes(IndexLocations.toPath(first.metadataFile()))))
                .isEqualTo(first.metadata());
    }

    @Test
    void retentionDropsTheOldestEntriesAndDeletesThemWhenEnabled() throws Exception {
        IndexCommitter committer = committer();
        List<String> files = new ArrayList<>();
        files.add(((Committed) committer.create(initial(Map.of(
                IndexMetadata.PREVIOUS_VERSIONS_MAX, "2", IndexMetadata.DELETE_AFTER_COMMIT_ENABLED, "true")))).metadataFile());
        Committed last = null;
        for (int i = 0; i < 4; i++) {
            int n = i;
            last = (Committed) committer.commitWithRetry(m -> m.withProperty("k" + n, "v"), 1);
            files.add(last.metadataFile());
        }
        // files 0..4; the log of file 4 keeps 2 and 3; files 0 and 1 were dropped and deleted
        assertThat(last.metadata().metadataLog()).extracting(MetadataLogEntry::metadataFile)
                .containsExactly(relative(files.get(2)), relative(files.get(3)));
        assertThat(Files.exists(IndexLocations.toPath(files.get(0)))).isFalse();
        assertThat(Files.exists(IndexLocations.toPath(files.get(1)))).isFalse();
        assertThat(Files.exists(IndexLocations.toPath(files.get(2)))).isTrue();
    }

    @Test
    void retentionWithoutDeletionKeepsTheFiles() throws Exception {
        IndexCommitter committer = committer();
        String first = ((Committed) committer.create(initial(Map.of(IndexMetadata.PREVIOUS_VERSIONS_MAX, "1")))).metadataFile();
        committer.commitWithRetry(m -> m.withProperty("a", "1"), 1);
        Committed last = (Committed) committer.commitWithRetry(m -> m.withProperty("b", "2"), 1);
        assertThat(last.metadata().metadataLog()).hasSize(1);
        assertThat(last.deletedFiles()).isEmpty();
        assertThat(Files.exists(IndexLocations.toPath(first))).isTrue();
    }

    @Test
    void concurrentWritersOnThreadsLoseNoUpdate() throws Exception {
        IndexCommitter committer = committer();
        committer.create(initial(Map.of()));
        int writers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<CommitOutcome>> outcomes = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            int n = i;
            outcomes.add(pool.submit(() -> {
                start.await();
                return committer.commitWithRetry(m -> m.withProperty("writer-" + n, "done"), 1000);
            }));
        }
        start.countDown();
        Set<String> committedFiles = new HashSet<>();
        for (Future<CommitOutcome> outcome : outcomes) {
            committedFiles.add(((Committed) outcome.get(60, TimeUnit.SECONDS)).metadataFile());
        }
        pool.shutdown();

        IndexMetadata last = committer.readCurrent().orElseThrow().metadata();
        assertThat(committedFiles).hasSize(writers);
        assertThat(last.properties()).hasSize(writers);
        assertThat(last.metadataLog()).hasSize(writers);
        assertThat(metadataFiles()).hasSize(writers + 1);
        // each file in the chain holds exactly one more update than the one before it
        int previous = -1;
        for (MetadataLogEntry entry : last.metadataLog()) {
            IndexMetadata m = IndexMetadataJson.read(Files.readAllBytes(IndexLocations.toPath(last.resolve(entry.metadataFile()))));
            assertThat(m.properties().size()).isEqualTo(previous + 1);
            previous = m.properties().size();
        }
    }

    @Test
    void concurrentWritersWithoutRetryEitherCommitOrChangeNothing() throws Exception {
        IndexCommitter committer = committer();
        committer.create(initial(Map.of()));
        Base base = committer.readCurrent().orElseThrow();
        int writers = 6;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<CommitOutcome>> outcomes = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            int n = i;
            outcomes.add(pool.submit(() -> {
                start.await();
                return committer.commit(base, m -> m.withProperty("writer-" + n, "done"));
            }));
        }
        start.countDown();
        int committed = 0;
        for (Future<CommitOutcome> outcome : outcomes) {
            committed += outcome.get(60, TimeUnit.SECONDS) instanceof Committed ? 1 : 0;
        }
        pool.shutdown();
        // all started from the same base: exactly one swap can succeed
        assertThat(committed).isEqualTo(1);
        assertThat(committer.readCurrent().orElseThrow().metadata().properties()).hasSize(1);
        assertThat(metadataFiles()).hasSize(2);
    }

    private String relative(String location) {
        return location.substring(IndexLocations.of(dir.resolve("index")).length() + 1);
    }

    @Test
    void aCommitWritesAnotherWritersLowerCaseTypeInUpperCase() throws Exception {
        IndexCommitter committer = committer();
        IndexMetadata lower = initial(Map.of());
        committer.create(lower.withDefinition(lower.definition().withType(new IndexType("scalar"))));

        Committed next = (Committed) committer.commit(committer.readCurrent().orElseThrow(), m -> m.withProperty("a", "1"));

        assertThat(IndexMetadataJson.read(Files.readAllBytes(IndexLocations.toPath(next.metadataFile())))
                .definition().type().written()).isEqualTo("SCALAR");
    }

    @Test
    void anUpdateThatWouldBreakTheDraftIsRefusedAndWritesNothing() throws Exception {
        IndexCommitter committer = committer();
        committer.create(initial(Map.of()).withSnapshot(
                dev.tableindex.model.iceberg.metadata.IndexSnapshot.of(1, 100, 0, "data/t-1.avro")));
        List<Path> before = metadataFiles();
        Base base = committer.readCurrent().orElseThrow();

        CommitOutcome outcome = committer.commit(base, m -> m.withSnapshot(
                dev.tableindex.model.iceberg.metadata.IndexSnapshot.of(1, 200, 0, "data/t-2.avro")));

        assertThat(outcome).isInstanceOf(CommitOutcome.Refused.class);
        assertThat(((CommitOutcome.Refused) outcome).violations()).extracting(v -> v.rule().code())
                .containsExactly("snapshot-id-duplicate");
        assertThat(metadataFiles()).isEqualTo(before);
        assertThat(committer.readCurrent().orElseThrow().metadataFile()).isEqualTo(base.metadataFile());
    }
}
