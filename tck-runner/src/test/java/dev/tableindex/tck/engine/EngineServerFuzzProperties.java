package dev.tableindex.tck.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Fuzz target of the protocol server (docs/fuzzing.md): request lines spliced with trouble (deep nesting, members given
 * twice, wrong JSON kinds, lone surrogates, NUL paths, huge strings, junk) each get exactly one reply line, short, that
 * is a result or a typed error, and the server goes on to answer the next request.
 */
class EngineServerFuzzProperties {
    private static final String GOOD = "{\"id\":9,\"encodeKey\":{\"keyTypes\":[\"string\"],\"values\":[{\"stringValue\":\"ok\"}]}}";
    private static final List<String> VALID = List.of(GOOD,
            "{\"id\":1,\"readManifest\":{\"datasetPath\":\"/nonexistent\"}}",
            "{\"id\":2,\"evaluateAnyElement\":{\"tableJson\":\"{}\",\"predicate\":\"a = 1\"}}",
            "{\"id\":3,\"compareKeys\":{\"keyTypes\":[\"int32\"],\"left\":[{\"intValue\":\"1\"}],\"right\":[{\"isNull\":true}]}}",
            "{\"id\":4,\"countRows\":{\"datasetPath\":\"/tmp\",\"filter\":\"x > 1\"}}");
    private static final List<String> TROUBLE = List.of("[".repeat(5000), "]", "{", "}", "\"id\":1,", "[[1]]",
            "\"\\ud800\"", "\\u0000", "null", "1e400", "\"" + "y".repeat(70_000) + "\"", ",", ":", "\"@type\":\"x/y\"",
            "{\"a\":1,\"a\":2}", "-", "true", "NaN", "\u0000", "\n");

    @Provide
    Arbitrary<String> lines() {
        Arbitrary<String> valid = Arbitraries.of(VALID);
        return Combinators.combine(valid, Arbitraries.integers().between(0, 200), Arbitraries.of(TROUBLE),
                Arbitraries.integers().between(0, 3)).as((line, at, trouble, cut) -> {
            int position = Math.min(at, line.length());
            String spliced = line.substring(0, position) + trouble + line.substring(cut == 0 ? Math.min(line.length(), position + 1) : position);
            return spliced.replace("\n", " ");
        });
    }

    @Property(tries = 200)
    void everyLineGetsOneShortReplyAndTheServerKeepsServing(@ForAll("lines") String line) throws Exception {
        List<String> replies = EngineServerTest.serve(new StringReader(line + "\n" + GOOD + "\n"));
        if (line.isBlank()) {
            assertThat(replies).hasSize(1);
        } else {
            assertThat(replies).as(line).hasSize(2);
            String reply = replies.get(0);
            assertThat(reply).as(line).hasSizeLessThan(2_000).doesNotContain("Exception").doesNotContain("jackson");
            assertThat(reply.contains("\"result\"") || reply.contains("\"error\"") || reply.contains("\"unsupported\""))
                    .as(reply).isTrue();
        }
        assertThat(replies.get(replies.size() - 1)).startsWith("{\"id\":9,\"result\"");
    }
}
