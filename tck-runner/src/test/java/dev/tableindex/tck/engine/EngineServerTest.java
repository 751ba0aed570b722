package dev.tableindex.tck.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The protocol server answers every line, however bad, with one short reply, and keeps serving. */
class EngineServerTest {
    private static final String GOOD = "{\"id\":9,\"encodeKey\":{\"keyTypes\":[\"string\"],\"values\":[{\"stringValue\":\"ok\"}]}}";

    static List<String> serve(Reader in) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            new EngineServer(new ReferenceEngine(), out).serve(in);
        }
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        return lines.subList(1, lines.size()); // after the handshake
    }

    private static String replyTo(String line) throws Exception {
        List<String> replies = serve(new StringReader(line + "\n" + GOOD + "\n"));
        assertThat(replies).hasSize(2);
        assertThat(replies.get(1)).as("the server keeps serving").startsWith("{\"id\":9,\"result\"");
        return replies.get(0);
    }

    @Test
    void aDeeplyNestedRequestGetsAnErrorReply() throws Exception {
        assertThat(replyTo("{\"id\":1,\"encodeKey\":{\"keyTypes\":" + "[".repeat(30_000) + "]".repeat(30_000) + "}}"))
                .contains("\"kind\":\"BAD_REQUEST\"").contains("nested deeper than 256 levels");
    }

    @Test
    void anIdGivenTwiceIsRefused() throws Exception {
        assertThat(replyTo("{\"id\":1,\"id\":2,\"encodeKey\":{}}"))
                .contains("\"kind\":\"BAD_REQUEST\"").contains("$.id: the member appears twice").doesNotContain("\"id\":2");
    }

    @Test
    void aStringFieldGivenAsAnArrayIsRefusedNotCoerced() throws Exception {
        assertThat(replyTo("{\"id\":3,\"encodeKey\":{\"keyTypes\":[[\"string\"]]}}"))
                .contains("$.encodeKey.keyTypes[0]: expected a string, got an array");
    }

    @Test
    void aLoneSurrogateInAKeyStringIsRefusedNotEncodedAsAQuestionMark() throws Exception {
        assertThat(replyTo("{\"id\":4,\"encodeKey\":{\"keyTypes\":[\"string\"],\"values\":[{\"stringValue\":\"a\\ud800b\"}]}}"))
                .startsWith("{\"id\":4,\"error\":{\"kind\":\"BAD_KEY_VALUE\"").contains("unpaired surrogate \\\\uD800");
    }

    @Test
    void aPathThisMachineCannotHaveIsATypedRefusal() throws Exception {
        assertThat(replyTo("{\"id\":5,\"readManifest\":{\"datasetPath\":\"/tmp/a\\u0000b\"}}"))
                .startsWith("{\"id\":5,\"error\":{\"kind\":\"BAD_PATH\"").doesNotContain("InvalidPathException");
    }

    @Test
    void aGarbageLineLongerThanTheLimitGetsAShortReplyWithoutBeingHeld() throws Exception {
        long length = 64L << 20;
        String tail = "\n" + GOOD + "\n";
        Reader garbage = new Reader() {
            private long sent;

            @Override
            public int read(char[] buffer, int offset, int count) {
                if (sent == length + tail.length()) {
                    return -1;
                }
                int n = (int) Math.min(count, length + tail.length() - sent);
                for (int i = 0; i < n; i++) {
                    long at = sent + i;
                    buffer[offset + i] = at < length ? 'x' : tail.charAt((int) (at - length));
                }
                sent += n;
                return n;
            }

            @Override
            public void close() {
            }
        };
        List<String> replies = serve(garbage);
        assertThat(replies).hasSize(2);
        assertThat(replies.get(0)).isEqualTo("{\"error\":{\"kind\":\"BAD_REQUEST\",\"message\":\"a request line of 67108864"
                + " characters, more than the 16777216 the protocol allows\",\"offset\":\"-1\"}}");
        assertThat(replies.get(1)).startsWith("{\"id\":9,\"result\"");
    }

    @Test
    void anEngineRefusalQuotingItsWholeInputIsCutTo1000Characters() throws Exception {
        String reply = replyTo("{\"id\":4,\"countRows\":{\"datasetPath\":\"/tmp" + "[".repeat(5000)
                + "\",\"filter\":\"x > 1\"}}");
        assertThat(reply).startsWith("{\"id\":4,\"error\":").hasSizeLessThan(1_300).contains("chars)");
    }

    @Test
    void aBadRequestsEchoIsCutTo500Characters() throws Exception {
        String reply = replyTo("{\"id\":6,\"encodeKey\":{\"keyTypes\":[\"string\"],\"unknownField" + "q".repeat(100_000) + "\":1}}");
        assertThat(reply).contains("BAD_REQUEST").hasSizeLessThan(800);
    }
}
