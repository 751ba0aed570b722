package dev.tableindex.tck;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.tck.run.BuildInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * One version for the whole kit (docs/releasing.md): every module's parent version, the external-engine example's
 * tck.version and the version the runner was built with are the root pom's, a plain release number.
 */
class KitVersionTest {
    private static final Path ROOT = Path.of(System.getProperty("tck.workdir", "..")).toAbsolutePath().normalize();

    private static String rootVersion() throws Exception {
        Matcher version = Pattern.compile("(?m)^  <version>([^<]+)</version>$").matcher(Files.readString(ROOT.resolve("pom.xml")));
        assertThat(version.find()).as("the root pom's <version>").isTrue();
        return version.group(1);
    }

    @Test
    void everyModuleAndTheExampleSayTheRootVersion() throws Exception {
        String version = rootVersion();
        assertThat(version).as("a release number, no SNAPSHOT").matches("[0-9]+\\.[0-9]+\\.[0-9]+");
        List<Path> modules;
        try (Stream<Path> poms = Files.walk(ROOT, 3)) {
            modules = poms.filter(p -> p.getFileName().toString().equals("pom.xml"))
                    .filter(p -> !p.equals(ROOT.resolve("pom.xml")))
                    .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/examples/"))
                    .sorted().toList();
        }
        assertThat(modules).extracting(p -> ROOT.relativize(p).toString())
                .contains("tck-runner/pom.xml", "tck-jar/pom.xml", "engines/lance/pom.xml");
        // a module names tck-parent's version; a standalone tool of the kit (golden-files/generator) its own
        Pattern parent = Pattern.compile("(?s)<parent>.*?<artifactId>tck-parent</artifactId>\\s*<version>([^<]+)</version>");
        Pattern own = Pattern.compile("(?m)^  <version>([^<]+)</version>$");
        for (Path pom : modules) {
            String text = Files.readString(pom);
            Matcher m = parent.matcher(text);
            if (!m.find()) {
                m = own.matcher(text);
                assertThat(m.find()).as(ROOT.relativize(pom) + " names a version").isTrue();
            }
            assertThat(m.group(1)).as(ROOT.relativize(pom) + " version").isEqualTo(version);
        }
        Matcher example = Pattern.compile("<tck.version>([^<]+)</tck.version>")
                .matcher(Files.readString(ROOT.resolve("examples/external-engine/pom.xml")));
        assertThat(example.find()).isTrue();
        assertThat(example.group(1)).as("the external-engine example depends on the kit's version").isEqualTo(version);
        assertThat(BuildInfo.kitVersion()).as("the version the runner was built with").isEqualTo(version);
    }
}
