package dev.tableindex.tck.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kit's S3 store serves a folder over HTTP on 127.0.0.1 and logs every request server-side. */
class KitStoreTest {
    @TempDir
    Path root;

    @Test
    void servesFilesAndLogsEachRequest() throws Exception {
        try (KitStore store = KitStore.start(root, 0)) {
            assertThat(store.endpoint()).startsWith("http://127.0.0.1:");
            Path table = store.bucket("tck").resolve("s1/table");
            Files.createDirectories(table.resolve("_versions"));
            Files.writeString(table.resolve("_versions/1.manifest"), "0123456789");
            Files.writeString(table.resolve("_versions/2.manifest"), "abc");
            S3HttpReader reader = new S3HttpReader(store.endpoint(), "tck", "s1/table", KitStore.ACCESS_KEY, KitStore.SECRET_KEY);

            int mark = store.log().mark();
            assertThat(reader.list("_versions")).containsExactlyInAnyOrder("_versions/1.manifest", "_versions/2.manifest");
            assertThat(reader.head("_versions/1.manifest")).isEqualTo(10);
            assertThat(new String(reader.readRange("_versions/1.manifest", 2, 3), StandardCharsets.UTF_8))
                    .isEqualTo("234");
            assertThatThrownBy(() -> reader.head("_versions/3.manifest")).isInstanceOf(UncheckedIOException.class)
                    .hasMessageContaining("404");

            List<StoreRequest> requests = store.log().since(mark);
            assertThat(requests).extracting(StoreRequest::line).containsExactly(
                    "GET /tck?list-type=2&delimiter=%2F&prefix=s1%2Ftable%2F_versions%2F 200 "
                            + requests.get(0).bytesSent() + " B",
                    "HEAD /tck/s1/table/_versions/1.manifest 200 0 B",
                    "GET /tck/s1/table/_versions/1.manifest [bytes=2-4] 206 3 B",
                    "HEAD /tck/s1/table/_versions/3.manifest 404 0 B");
            assertThat(requests.get(0).isList()).isTrue();
            assertThat(requests.get(0).listPrefix()).contains("s1/table/_versions/");
            assertThat(requests.get(1).isHead()).isTrue();
            assertThat(requests.get(2).isGet()).isTrue();
        }
    }

    @Test
    void refusesNamesThatAreNotBucketNames() {
        try (KitStore store = KitStore.start(root, 0)) {
            assertThatThrownBy(() -> store.bucket("Not_A_Bucket")).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
