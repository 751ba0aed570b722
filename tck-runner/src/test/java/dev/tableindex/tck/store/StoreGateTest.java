package dev.tableindex.tck.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kit's store serves only what it should: signed requests, reads unless writable, nothing outside its folder. */
class StoreGateTest {
    /**
     * A client of its own for each request: a shared one keeps connections, and a store started later on a port the
     * system hands out again would get a request on the closed store's dead connection ("header parser received no
     * bytes", seen once in a whole build).
     */
    private static HttpClient client() {
        return HttpClient.newHttpClient();
    }

    @TempDir
    Path dir;

    static HttpResponse<String> send(KitStore store, String method, String path, String body, boolean signed) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(store.endpoint() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (signed) {
            request = S3HttpReader.signV2(request, KitStore.ACCESS_KEY, KitStore.SECRET_KEY);
        }
        return client().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> send(KitStore store, String method, String path, String body) throws Exception {
        return send(store, method, path, body, true);
    }

    private static void assertS3Error(HttpResponse<String> response, int status, String code) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        if (response.request().method().equals("HEAD")) {
            return;
        }
        assertThat(response.body()).startsWith("<?xml").contains("<Code>" + code + "</Code>")
                .doesNotContain("jackson").doesNotContain("Exception");
    }

    @Test
    void requiresTheCredentialsItPrints() throws Exception {
        Path root = dir.resolve("store");
        try (KitStore store = KitStore.start(root, 0)) {
            Files.writeString(store.bucket("tck").resolve("a.txt"), "abc");
            assertThat(send(store, "GET", "/tck/a.txt", null).body()).isEqualTo("abc");
            assertS3Error(send(store, "GET", "/tck/a.txt", null, false), 403, "AccessDenied");
            HttpRequest.Builder wrongKey = S3HttpReader.signV2(HttpRequest.newBuilder(URI.create(store.endpoint() + "/tck/a.txt")),
                    KitStore.ACCESS_KEY, "not-the-secret");
            assertThat(client().send(wrongKey.build(), HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(403);
        }
    }

    @Test
    void isReadOnlyUnlessStartedWritable() throws Exception {
        Path root = dir.resolve("store");
        try (KitStore store = KitStore.start(root, 0)) {
            store.bucket("tck");
            assertS3Error(send(store, "PUT", "/tck/new.txt", "x"), 403, "AccessDenied");
            assertS3Error(send(store, "DELETE", "/tck", null), 403, "AccessDenied");
            assertS3Error(send(store, "PUT", "/other", null), 403, "AccessDenied");
            assertS3Error(send(store, "POST", "/tck/big?uploads", null), 403, "AccessDenied");
            assertThat(root.resolve("tck/new.txt")).doesNotExist();
            assertThat(root.resolve("other")).doesNotExist();
        }
        try (KitStore store = KitStore.start(root, 0, true)) {
            assertThat(send(store, "PUT", "/tck/new.txt", "x").statusCode()).isEqualTo(200);
            assertThat(root.resolve("tck/new.txt")).hasContent("x");
            assertThat(send(store, "DELETE", "/tck/new.txt", null).statusCode()).isEqualTo(204);
            assertS3Error(send(store, "POST", "/tck/big?uploads", null), 501, "NotImplemented");
            assertS3Error(send(store, "PUT", "/bucket2", null), 501, "NotImplemented");
            assertS3Error(send(store, "DELETE", "/tck", null), 501, "NotImplemented");
            assertS3Error(send(store, "POST", "/tck?delete", "<Delete><Object><Key>a</Key></Del"), 501, "NotImplemented");
            try (Stream<Path> files = Files.walk(root)) {
                assertThat(files.map(Path::getFileName).map(Path::toString)).noneMatch(name -> name.startsWith(".mpus"));
            }
            assertThat(root.resolve("bucket2")).doesNotExist();
        }
    }

    @Test
    void refusesEveryPathThatResolvesOutsideItsFolder() throws Exception {
        Path root = dir.resolve("store");
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "secret");
        try (KitStore store = KitStore.start(root, 0, true)) {
            Path bucket = store.bucket("tck");
            Files.createSymbolicLink(bucket.resolve("linked"), outside);
            Files.createSymbolicLink(bucket.resolve("secret.txt"), outside.resolve("secret.txt"));
            assertS3Error(send(store, "GET", "/tck/secret.txt", null), 403, "AccessDenied");
            assertS3Error(send(store, "GET", "/tck/linked/secret.txt", null), 403, "AccessDenied");
            assertS3Error(send(store, "HEAD", "/tck/linked/secret.txt", null), 403, "AccessDenied");
            assertS3Error(send(store, "PUT", "/tck/linked/planted.txt", "x"), 403, "AccessDenied");
            assertThat(outside.resolve("planted.txt")).doesNotExist();
            assertS3Error(send(store, "GET", "/tck?list-type=2", null), 403, "AccessDenied");
            assertThat(send(store, "GET", "/tck/%2E%2E/%2E%2E/outside/secret.txt", null).statusCode()).isIn(400, 403, 404);
        }
    }

    @Test
    void refusesAListingThatWouldGoRoundALoop() throws Exception {
        Path root = dir.resolve("store");
        try (KitStore store = KitStore.start(root, 0)) {
            Path bucket = store.bucket("tck");
            Files.createDirectories(bucket.resolve("t/a"));
            Files.createSymbolicLink(bucket.resolve("t/a/loop"), bucket.resolve("t"));
            assertS3Error(send(store, "GET", "/tck?list-type=2&prefix=t%2F", null), 403, "AccessDenied");
        }
    }

    @Test
    void aLinkToAFileInsideTheFolderIsServed() throws Exception {
        Path root = dir.resolve("store");
        try (KitStore store = KitStore.start(root, 0)) {
            Path bucket = store.bucket("tck");
            Files.writeString(bucket.resolve("real.txt"), "real");
            Files.createSymbolicLink(bucket.resolve("alias.txt"), bucket.resolve("real.txt"));
            assertThat(send(store, "GET", "/tck/alias.txt", null).body()).isEqualTo("real");
            assertThat(send(store, "GET", "/tck?list-type=2", null).statusCode()).isEqualTo(200);
        }
    }
}
