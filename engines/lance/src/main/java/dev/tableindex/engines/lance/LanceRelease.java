package dev.tableindex.engines.lance;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.lance.Dataset;

/**
 * Which lance-core release this engine runs. The build writes the release it compiled against
 * ({@code -Dlance.version}, default 7.0.0) into {@code lance-release.properties}; the jar actually loaded
 * ({@code lance-core-<version>.jar}, it has no version metadata inside) wins when the two differ, so the handshake's
 * {@code engine_version} is the release that answers.
 */
public final class LanceRelease {
    private static final Pattern JAR = Pattern.compile("lance-core-(\\d[^/]*?)\\.jar");

    private LanceRelease() {
    }

    public static String version() {
        String loaded = loadedJarVersion();
        return loaded != null ? loaded : builtVersion();
    }

    /** The release the build compiled against. */
    public static String builtVersion() {
        return properties().getProperty("lance.version", "unknown");
    }

    /** The Java-API generation compiled in (org-lance-7, org-lance-4, org-lance-2). */
    public static String api() {
        return properties().getProperty("lance.api", "unknown");
    }

    static String loadedJarVersion() {
        try {
            CodeSource source = Dataset.class.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                return null;
            }
            Matcher m = JAR.matcher(Path.of(source.getLocation().toURI()).getFileName().toString());
            return m.matches() ? m.group(1) : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    private static Properties properties() {
        Properties p = new Properties();
        try (InputStream in = LanceRelease.class.getResourceAsStream("lance-release.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
