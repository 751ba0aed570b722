package dev.tableindex.tck.run;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** Which kit made a report: version and git commit (stamped at build time), and digests of the suite. */
public record BuildInfo(String version, String gitCommit, String featuresDigest, String goldenDigest) {

    public static BuildInfo current() {
        Properties build = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("/tck-build.properties")) {
            if (in != null) {
                build.load(in);
            }
        } catch (IOException e) {
            // report "unknown" below
        }
        return new BuildInfo(build.getProperty("version", "unknown"), build.getProperty("git.commit", "unknown"),
                ClasspathTree.digest(ClasspathTree.FEATURES), ClasspathTree.digest(ClasspathTree.GOLDEN_FILES));
    }
}
