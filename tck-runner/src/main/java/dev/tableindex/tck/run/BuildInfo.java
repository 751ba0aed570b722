package dev.tableindex.tck.run;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Which kit made a report: its version and git commit (stamped at build time; {@code gitDirty} when the build had
 * uncommitted changes), and digests of the suite it ran: {@code suiteDigest} over features, spec copies and golden
 * files together, and the features and golden files on their own.
 */
public record BuildInfo(String version, String gitCommit, boolean gitDirty, String suiteDigest, String featuresDigest,
                        String goldenDigest) {

    private static final Properties STAMPED = stamped();

    public static BuildInfo current() {
        return new BuildInfo(kitVersion(), STAMPED.getProperty("git.commit", "unknown"),
                Boolean.parseBoolean(STAMPED.getProperty("git.dirty", "false")),
                ClasspathTree.digest(ClasspathTree.FEATURES, ClasspathTree.SPEC, ClasspathTree.GOLDEN_FILES),
                ClasspathTree.digest(ClasspathTree.FEATURES), ClasspathTree.digest(ClasspathTree.GOLDEN_FILES));
    }

    /** The kit's version ({@code 0.2.0}), without reading the suite. */
    public static String kitVersion() {
        return STAMPED.getProperty("version", "unknown");
    }

    /** {@code tck --version}: version, commit and suite digest, one per line. */
    public String describe() {
        return "tck " + version + "\n"
                + "commit " + gitCommit + (gitDirty ? " (built with uncommitted changes)" : "") + "\n"
                + "suite sha256 " + suiteDigest + " (features " + featuresDigest + ", golden files " + goldenDigest + ")";
    }

    private static Properties stamped() {
        Properties build = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("/tck-build.properties")) {
            if (in != null) {
                build.load(in);
            }
        } catch (IOException e) {
            // reported as "unknown"
        }
        // an unfiltered copy (an IDE's resource copy) holds the placeholders themselves
        build.entrySet().removeIf(e -> e.getValue().toString().startsWith("${"));
        return build;
    }
}
