package dev.tableindex.tck.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors.FieldDescriptor;
import dev.tableindex.proto.tck.Request;
import dev.tableindex.tck.api.Capability;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/protocol.md names every capability of the registry and every operation of the protocol, and nothing else. */
class ProtocolDocumentTest {
    private static final Pattern ROW = Pattern.compile("(?m)^\\| `([A-Za-z0-9_.]+)` \\|");

    private static String section(String document, String heading) {
        int start = document.indexOf("\n" + heading + "\n");
        assertThat(start).as("docs/protocol.md has a section " + heading).isNotNegative();
        int end = document.indexOf("\n#", start + heading.length() + 2);
        return document.substring(start, end < 0 ? document.length() : end);
    }

    private static Set<String> firstColumn(String table) {
        Set<String> names = new TreeSet<>();
        Matcher m = ROW.matcher(table);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    private static String protocol() throws Exception {
        return Files.readString(Path.of(System.getProperty("tck.golden.dir", "../golden-files"))
                .resolveSibling("docs/protocol.md"));
    }

    @Test
    void theCapabilitiesTableListsTheRegistry() throws Exception {
        Set<String> registry = new TreeSet<>(Arrays.stream(Capability.values()).map(Capability::id).toList());
        assertThat(firstColumn(section(protocol(), "### Capabilities")))
                .as("docs/protocol.md, Capabilities: the Capability registry (tck-api)").isEqualTo(registry);
    }

    @Test
    void theOperationsTableListsEveryRequest() throws Exception {
        Set<String> operations = new TreeSet<>();
        for (FieldDescriptor op : Request.getDescriptor().getOneofs().get(0).getFields()) {
            operations.add(op.getJsonName());
        }
        assertThat(firstColumn(section(protocol(), "### Operations")))
                .as("docs/protocol.md, Operations: every op of Request (proto/tck/engine_protocol.proto)")
                .isEqualTo(operations);
    }
}
