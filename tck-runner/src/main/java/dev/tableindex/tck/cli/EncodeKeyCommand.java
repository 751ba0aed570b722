package dev.tableindex.tck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.tableindex.model.key.KeyEncoding;
import dev.tableindex.model.key.KeyNotation;
import dev.tableindex.model.key.KeyRows;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyValueException;
import dev.tableindex.model.key.arrow.KeyTupleVectors;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code tck encode-key}: a key tuple's ARROW_ROW_V1 bytes, for spec authors writing examples and
 * for checking an implementation by hand.
 */
@Command(name = "encode-key", mixinStandardHelpOptions = true,
        description = {"Print the ARROW_ROW_V1 encoding of a key tuple as uppercase hex; with --explain, segment by "
                + "segment for each key (marker, blocks, the byte that ends each block).",
            "  tck encode-key --type string --type float -- car 0.5",
            "  tck encode-key --batch FILE   (lines TYPES<TAB>VALUES: comma-separated types, a JSON array of values)",
            "Values are null, true or false, integers, floats (NaN, -NaN, Infinity, -Infinity, -0.0, bits:0x<hex>), "
                + "dates and timestamps in their stored unit, strings as they are, and binary as hex:0AFF.",
            "A batch prints each input line, a tab, then its bytes (or ERROR: and why); it exits 1 when a line gives "
                + "an error."})
final class EncodeKeyCommand implements Callable<Integer> {
    static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    @Spec
    CommandSpec spec;

    @Option(names = "--type", paramLabel = "TYPE", description = "A key type, once per key, in key order.")
    List<String> types = new ArrayList<>();

    @Option(names = "--batch", paramLabel = "FILE", description = "Encode every line of FILE.")
    Path batch;

    @Option(names = "--explain", description = "Print each key's bytes segment by segment, then the whole tuple.")
    boolean explain;

    @Parameters(paramLabel = "VALUE", arity = "0..*", description = "One value per key (after --).")
    List<String> values = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (batch != null) {
            return batch(Files.readAllLines(batch), out);
        }
        try {
            List<KeyType> keyTypes = types.stream().map(KeyType::parse).toList();
            JsonNode notation = tokens(keyTypes, values);
            if (explain) {
                explain(keyTypes, KeyNotation.parseTuple(keyTypes, notation), out);
            }
            out.println(encode(keyTypes, notation));
            return 0;
        } catch (IllegalArgumentException e) { // KeyValueException, KeyTypeException
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return TckCli.EXIT_BAD_INPUT;
        }
    }

    /** Each key: its type, value and bytes, then one line per segment (offset in the tuple, bytes, what they are). */
    private void explain(List<KeyType> keyTypes, List<Object> tuple, PrintWriter out) {
        int offset = 0;
        for (int k = 0; k < keyTypes.size(); k++) {
            dev.tableindex.model.key.KeyWriter writer = new dev.tableindex.model.key.KeyWriter();
            KeyEncoding.encodeKey(keyTypes.get(k), tuple.get(k), writer);
            byte[] key = writer.toByteArray();
            out.printf("key %d (%s) %s: %s%n", k + 1, types.get(k), k < values.size() ? values.get(k) : "", HEX.formatHex(key));
            for (dev.tableindex.model.key.KeySegments.Segment segment : dev.tableindex.model.key.KeySegments.of(keyTypes.get(k), key)) {
                out.printf("  @%-4d %-24s %s%n", offset + segment.offset(),
                        HEX.formatHex(key, segment.offset(), segment.offset() + segment.length()), segment.role());
            }
            offset += key.length;
        }
        out.print("tuple: ");
    }

    /**
     * Every line of a batch file, in order: comments and blank lines as they are, an error line where a
     * line does not parse, the input line, a tab and the key bytes otherwise; consecutive lines with the same key types are encoded
     * together through Arrow ({@link KeyTupleVectors#encodeBatch}), as an index build encodes.
     */
    private static int batch(List<String> lines, PrintWriter out) {
        String[] output = new String[lines.size()];
        int errors = 0;
        Run run = new Run();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                output[i] = line;
                continue;
            }
            try {
                int tab = line.indexOf('\t');
                if (tab < 0) {
                    throw new KeyValueException("expected TYPES<TAB>VALUES");
                }
                List<KeyType> keyTypes = Arrays.stream(line.substring(0, tab).split(",")).map(KeyType::parse).toList();
                List<Object> tuple = KeyNotation.parseTuple(keyTypes, KeyNotation.readTree(line.substring(tab + 1)));
                if (!keyTypes.equals(run.types) || run.lines.size() == BATCH) {
                    run.encodeInto(output);
                    run.types = keyTypes;
                }
                run.lines.add(i);
                run.tuples.add(tuple);
            } catch (IllegalArgumentException e) { // KeyValueException, KeyTypeException
                errors++;
                output[i] = "ERROR: " + e.getMessage();
            }
        }
        run.encodeInto(output);
        for (int i = 0; i < output.length; i++) {
            String line = lines.get(i);
            // each input echoed, so the output reads on its own: TYPES<TAB>VALUES<TAB>BYTES
            out.println(line.isBlank() || line.startsWith("#") ? line : line + "\t" + output[i]);
        }
        return errors == 0 ? 0 : TckCli.EXIT_FAILED_CHECKS;
    }

    /** Tuples encoded per batch. */
    private static final int BATCH = 65_536;

    /** Consecutive batch lines with the same key types, encoded as one batch. */
    private static final class Run {
        List<KeyType> types;
        final List<Integer> lines = new ArrayList<>();
        final List<List<Object>> tuples = new ArrayList<>();
        final KeyRows rows = new KeyRows();

        void encodeInto(String[] output) {
            if (lines.isEmpty()) {
                return;
            }
            KeyTupleVectors.encodeBatch(types, tuples, rows);
            for (int t = 0; t < lines.size(); t++) {
                output[lines.get(t)] = HEX.formatHex(rows.bytes(), rows.offset(t), rows.offset(t + 1));
            }
            lines.clear();
            tuples.clear();
        }
    }

    private static String encode(List<KeyType> types, JsonNode values) {
        return HEX.formatHex(KeyEncoding.encode(types, KeyNotation.parseTuple(types, values)));
    }

    /**
     * Command-line tokens as notation: {@code null} is null; for string types any other token is the
     * string itself; otherwise a token that is JSON (a number, true, false) is read as JSON and any
     * other token (NaN, -0.0, bits:0x…, hex:…) as a JSON string.
     */
    static JsonNode tokens(List<KeyType> types, List<String> tokens) {
        var array = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            boolean string = i < types.size() && types.get(i).kind().utf8();
            if (token.equals("null")) {
                array.addNull();
            } else if (string) {
                array.add(token);
            } else {
                JsonNode parsed;
                try {
                    parsed = KeyNotation.readTree(token);
                } catch (KeyValueException e) {
                    parsed = JsonNodeFactory.instance.textNode(token);
                }
                array.add(parsed.isNumber() || parsed.isBoolean() || parsed.isTextual() ? parsed
                        : JsonNodeFactory.instance.textNode(token));
            }
        }
        return array;
    }
}
