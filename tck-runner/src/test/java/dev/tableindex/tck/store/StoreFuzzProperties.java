package dev.tableindex.tck.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Fuzz target of the kit's S3 store (docs/fuzzing.md): raw HTTP requests — every S3 method, keys with {@code ..},
 * encoded slashes, NULs and links out of the folder, sub-resources (multipart, ACL, delete), malformed XML bodies,
 * broken Range headers, signed or not — sent to a writable store over a folder holding links out and round a loop.
 * The oracle: never a 500 or a page that quotes an exception; every 4xx is S3's XML error; nothing outside the
 * folder is read or written; no multipart litter.
 */
class StoreFuzzProperties {
    private static Path dir;
    private static Path root;
    private static Path outside;
    private static KitStore store;

    @BeforeContainer
    static void start() throws IOException {
        dir = Files.createTempDirectory("tck-store-fuzz");
        root = dir.resolve("store");
        outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "secret");
        store = KitStore.start(root, 0, true);
        Path bucket = store.bucket("tck");
        Files.createDirectories(bucket.resolve("t/a"));
        Files.writeString(bucket.resolve("t/a/file.txt"), "0123456789");
        Files.createSymbolicLink(bucket.resolve("t/a/loop"), bucket.resolve("t"));
        Files.createSymbolicLink(bucket.resolve("out"), outside);
    }

    @AfterContainer
    static void stop() throws IOException {
        store.close();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Provide
    Arbitrary<String> requests() {
        Arbitrary<String> method = Arbitraries.of("GET", "HEAD", "PUT", "POST", "DELETE", "OPTIONS", "PATCH");
        Arbitrary<String> path = Arbitraries.of("/", "/tck", "/tck/", "/tck/t/a/file.txt", "/tck/out/secret.txt",
                "/tck/out/planted.txt", "/tck/t/a/loop/a/file.txt", "/tck/%2E%2E/%2E%2E/outside/secret.txt",
                "/tck/..%2F..%2Foutside%2Fsecret.txt", "/tck/a%00b", "/other-bucket", "/tck/" + "k".repeat(3000),
                "/tck/t/a/new.txt", "/TCK/x", "/tck/%ZZ");
        Arbitrary<String> query = Arbitraries.of("", "?uploads", "?uploadId=1&partNumber=1", "?delete", "?acl",
                "?list-type=2", "?list-type=2&prefix=t%2F", "?max-keys=abc", "?list-type=2&continuation-token=%FF",
                "?location", "?versioning", "?tagging");
        Arbitrary<String> extra = Arbitraries.of("", "Range: bytes=9-2\r\n", "Range: bytes=abc\r\n",
                "Content-MD5: notbase64\r\n", "x-amz-copy-source: /tck/out/secret.txt\r\n", "Content-Type: \u00ff\r\n");
        Arbitrary<String> body = Arbitraries.of("", "<Delete><Object><Key>t/a/file.txt</Key></Del",
                "<CompleteMultipartUpload><Part>", "x".repeat(10_000), "<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><a>&e;</a>");
        Arbitrary<Boolean> signed = Arbitraries.of(true, false);
        return Combinators.combine(method, path, query, extra, body, signed).as((m, p, q, h, b, s) -> {
            String authorization = s ? "Authorization: AWS " + KitStore.ACCESS_KEY + ":bm90LWEtc2lnbmF0dXJl\r\n"
                    + "x-amz-date: " + java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.format(
                    java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC)) + "\r\n" : "";
            return m + " " + p + q + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + authorization + h
                    + "Content-Length: " + b.getBytes(StandardCharsets.UTF_8).length + "\r\nConnection: close\r\n\r\n" + b;
        });
    }

    @Property(tries = 150)
    void everyRequestIsAnsweredInS3sWordsAndNothingOutsideIsTouched(@ForAll("requests") String request) throws Exception {
        String response = send(request);
        String statusLine = response.lines().findFirst().orElse("");
        assertThat(statusLine).as(request).startsWith("HTTP/1.1 ");
        int status = Integer.parseInt(statusLine.substring(9, 12));
        assertThat(status == 501 || status < 500).as(request + "\n" + response).isTrue(); // 501: S3's NotImplemented
        String body = response.substring(Math.max(0, response.indexOf("\r\n\r\n")));
        assertThat(body).as(response).doesNotContain("Exception").doesNotContain("jackson").doesNotContain("secret\n")
                .doesNotContain("<html");
        if (status >= 400 && !request.startsWith("HEAD")) {
            assertThat(body).as(response).contains("<Error>").contains("<Code>");
        }
        try (Stream<Path> files = Files.list(outside)) {
            assertThat(files.map(f -> f.getFileName().toString())).as(request).containsExactly("secret.txt");
        }
        try (Stream<Path> files = Files.walk(root)) {
            assertThat(files.map(f -> f.getFileName() == null ? "" : f.getFileName().toString()))
                    .noneMatch(name -> name.startsWith(".mpus"));
        }
    }

    private static String send(String request) throws IOException {
        URI endpoint = URI.create(store.endpoint());
        try (Socket socket = new Socket(endpoint.getHost(), endpoint.getPort())) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

}
