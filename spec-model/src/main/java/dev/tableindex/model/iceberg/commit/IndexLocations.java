package dev.tableindex.model.iceberg.commit;

import java.net.URI;
import java.nio.file.Path;

/**
 * Index locations on the local file system: the kit's catalogs and engines write under {@code file:} URIs.
 * Other schemes are outside what the kit's commits handle.
 */
public final class IndexLocations {
    private IndexLocations() {
    }

    /** The local path of an absolute {@code file:} location. */
    public static Path toPath(String location) {
        URI uri = URI.create(location);
        if (!"file".equalsIgnoreCase(uri.getScheme())) {
            throw new IllegalArgumentException("not a file: location: " + location);
        }
        return Path.of(uri);
    }

    /** The {@code file:} location of a local path, without a trailing separator. */
    public static String of(Path path) {
        String uri = path.toAbsolutePath().normalize().toUri().toString();
        return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }
}
