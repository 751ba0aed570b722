package dev.tableindex.tck.store;

import java.util.Optional;

/**
 * One request the kit's S3 server answered, as the server saw it: the witness for what an engine read.
 *
 * @param method HTTP method (GET, HEAD, PUT, ...)
 * @param bucket the bucket, empty for the service root
 * @param key the object key (may be empty: a bucket-level request such as LIST)
 * @param query the raw query string, empty if none
 * @param range the {@code Range} header, empty if none
 * @param status the HTTP status sent
 * @param bytesSent body bytes sent
 */
public record StoreRequest(String method, String bucket, String key, String query, String range, int status,
                           long bytesSent) {

    /** A size request: HEAD on an object. */
    public boolean isHead() {
        return method.equals("HEAD") && !key.isEmpty();
    }

    /** A read: GET on an object (whole or ranged). */
    public boolean isGet() {
        return method.equals("GET") && !key.isEmpty();
    }

    /** A listing: GET on a bucket. */
    public boolean isList() {
        return method.equals("GET") && key.isEmpty() && !bucket.isEmpty();
    }

    /** The listing's {@code prefix=} parameter, for a LIST. */
    public Optional<String> listPrefix() {
        for (String part : query.split("&")) {
            if (part.startsWith("prefix=")) {
                return Optional.of(java.net.URLDecoder.decode(part.substring("prefix=".length()),
                        java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        return Optional.empty();
    }

    /** One line of a request log: {@code HEAD /bucket/key 200 0 B}, with the range and the query when present. */
    public String line() {
        StringBuilder line = new StringBuilder(method).append(" /").append(bucket);
        if (!key.isEmpty()) {
            line.append('/').append(key);
        }
        if (!query.isEmpty()) {
            line.append('?').append(query);
        }
        if (!range.isEmpty()) {
            line.append(" [").append(range).append(']');
        }
        return line.append(' ').append(status).append(' ').append(bytesSent).append(" B").toString();
    }
}
