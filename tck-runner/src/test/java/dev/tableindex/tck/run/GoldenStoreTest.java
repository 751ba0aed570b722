package dev.tableindex.tck.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Golden files copied out for scenarios that may ask at the same time (decision 0147). */
class GoldenStoreTest {

    private static List<String> tree(Path root) throws Exception {
        try (Stream<Path> files = Files.walk(root)) {
            List<String> listed = new ArrayList<>();
            for (Path p : (Iterable<Path>) files.sorted()::iterator) {
                listed.add(root.relativize(p) + (Files.isRegularFile(p) ? " " + Files.size(p) : "/"));
            }
            return listed;
        }
    }

    @Test
    void everyThreadAskingAtOnceSeesTheWholeCopy() throws Exception {
        List<String> whole = tree(ClasspathTree.folder(ClasspathTree.GOLDEN_FILES + "/reference-tables/overlay").orElseThrow());
        assertThat(whole).as("the golden dataset has files to copy").hasSizeGreaterThan(3);
        for (int round = 0; round < 20; round++) {
            Path scratch = Files.createTempDirectory("golden-store-test-");
            GoldenStore store = new GoldenStore(scratch);
            int threads = 6;
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<List<String>>> seen = new ArrayList<>();
            try {
                for (int i = 0; i < threads; i++) {
                    seen.add(pool.submit(() -> {
                        start.await();
                        return tree(store.path("reference-tables/overlay"));
                    }));
                }
                start.countDown();
                for (Future<List<String>> f : seen) {
                    assertThat(f.get(30, TimeUnit.SECONDS)).isEqualTo(whole);
                }
                assertThat(scratch.resolve(".copying")).doesNotExist();
            } finally {
                pool.shutdownNow();
                FileTrees.delete(scratch);
            }
        }
    }

    @Test
    void anUnknownFileIsAMissingGoldenFile(@TempDir Path scratch) {
        GoldenStore store = new GoldenStore(scratch);
        assertThatThrownBy(() -> store.path("reference-tables/no-such-table"))
                .isInstanceOf(GoldenStore.MissingGoldenFile.class).hasMessageContaining("reference-tables/no-such-table");
    }
}
