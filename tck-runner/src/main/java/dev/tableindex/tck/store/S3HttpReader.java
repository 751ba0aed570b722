package dev.tableindex.tck.store;

import dev.tableindex.model.index.ObjectStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * A plain-HTTP S3 reader (path-style, signed with AWS signature V2, which the kit's store checks): HEAD, ranged
 * GET and LIST (ListObjectsV2) of objects under a table's prefix. The reference engine reads tables
 * through it.
 */
public final class S3HttpReader implements ObjectStore {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private final String endpoint;
    private final String bucket;
    private final String prefix;
    private final String accessKeyId;
    private final String secretAccessKey;

    /**
     * Objects under {@code s3://bucket/prefix/} at {@code endpoint}, requests signed with the given credentials; keys
     * below are relative to the prefix.
     */
    public S3HttpReader(String endpoint, String bucket, String prefix, String accessKeyId, String secretAccessKey) {
        this.endpoint = endpoint.endsWith("/") ? endpoint.substring(0, endpoint.length() - 1) : endpoint;
        this.bucket = bucket;
        this.prefix = prefix.isEmpty() || prefix.endsWith("/") ? prefix : prefix + "/";
        this.accessKeyId = accessKeyId;
        this.secretAccessKey = secretAccessKey;
    }

    /** The object's size, from a HEAD request. */
    @Override
    public long head(String key) {
        HttpResponse<Void> response = send(HttpRequest.newBuilder(objectUri(key))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()), HttpResponse.BodyHandlers.discarding(), key);
        return response.headers().firstValueAsLong("Content-Length")
                .orElseThrow(() -> new UncheckedIOException(new IOException("HEAD " + key + ": no Content-Length")));
    }

    /**
     * Bytes {@code [offset, offset + length)} of the object, from one ranged GET; refuses an object
     * that ends before the range does.
     */
    @Override
    public byte[] readRange(String key, long offset, int length) {
        if (length == 0) {
            return new byte[0];
        }
        HttpResponse<byte[]> response = send(HttpRequest.newBuilder(objectUri(key))
                .header("Range", "bytes=" + offset + "-" + (offset + length - 1)).GET(),
                HttpResponse.BodyHandlers.ofByteArray(), key);
        byte[] body = response.body();
        if (body.length != length) {
            throw new UncheckedIOException(new IOException(key + ": asked for bytes [" + offset + ", "
                    + (offset + length) + "), the object gave " + body.length + " (it is shorter than that)"));
        }
        return body;
    }

    /** The whole object, from one GET. */
    public byte[] read(String key) {
        return send(HttpRequest.newBuilder(objectUri(key)).GET(), HttpResponse.BodyHandlers.ofByteArray(), key).body();
    }

    /** The keys (relative to the table's prefix) directly under {@code folder}, from one LIST. */
    public List<String> list(String folder) {
        String listPrefix = prefix + (folder.endsWith("/") ? folder : folder + "/");
        URI uri = URI.create(endpoint + "/" + bucket + "?list-type=2&delimiter=%2F&prefix="
                + URLEncoder.encode(listPrefix, StandardCharsets.UTF_8));
        HttpResponse<InputStream> response = send(HttpRequest.newBuilder(uri).GET(),
                HttpResponse.BodyHandlers.ofInputStream(), folder + "/");
        try (InputStream body = response.body()) {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document document = factory.newDocumentBuilder().parse(body);
            NodeList keys = document.getElementsByTagName("Key");
            List<String> result = new ArrayList<>();
            for (int i = 0; i < keys.getLength(); i++) {
                result.add(keys.item(i).getTextContent().substring(prefix.length()));
            }
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new UncheckedIOException(new IOException("LIST " + listPrefix + ": not a ListBucketResult: " + e));
        }
    }

    /**
     * AWS signature V2 ("Signing and authenticating REST requests" in Amazon S3's documentation): an HMAC-SHA1 of the
     * method, the empty Content-MD5 and Content-Type, the {@code x-amz-date} header and the path as sent (none of the
     * reader's query parameters is a signed sub-resource).
     */
    static HttpRequest.Builder signV2(HttpRequest.Builder request, String accessKeyId, String secretAccessKey) {
        HttpRequest draft = request.copy().build();
        String date = java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.format(java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC));
        String toSign = draft.method() + "\n\n\n\nx-amz-date:" + date + "\n" + draft.uri().getRawPath();
        try {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA1");
            mac.init(new javax.crypto.spec.SecretKeySpec(secretAccessKey.getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
            String signature = java.util.Base64.getEncoder().encodeToString(mac.doFinal(toSign.getBytes(StandardCharsets.UTF_8)));
            return request.header("x-amz-date", date).header("Authorization", "AWS " + accessKeyId + ":" + signature);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA1 is part of every Java runtime", e);
        }
    }

    /** {@code s3://bucket/prefix/key}, for messages. */
    public String uri(String key) {
        return "s3://" + bucket + "/" + prefix + key;
    }

    private URI objectUri(String key) {
        StringBuilder path = new StringBuilder(endpoint).append('/').append(bucket).append('/');
        for (String part : (prefix + key).split("/", -1)) {
            path.append(URLEncoder.encode(part, StandardCharsets.UTF_8).replace("+", "%20")).append('/');
        }
        return URI.create(path.substring(0, path.length() - 1));
    }

    private <T> HttpResponse<T> send(HttpRequest.Builder request, HttpResponse.BodyHandler<T> body, String what) {
        try {
            HttpResponse<T> response = client.send(signV2(request, accessKeyId, secretAccessKey).timeout(TIMEOUT).build(), body);
            if (response.statusCode() / 100 != 2) {
                throw new UncheckedIOException(new IOException(request.build().method() + " " + what + ": HTTP "
                        + response.statusCode()));
            }
            return response;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new IOException("interrupted: " + what));
        }
    }
}
