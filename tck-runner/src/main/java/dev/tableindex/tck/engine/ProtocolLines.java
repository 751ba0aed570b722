package dev.tableindex.tck.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import dev.tableindex.model.json.JsonInputException;
import dev.tableindex.model.json.KitJson;
import dev.tableindex.tck.api.ProtocolJson;
import java.io.IOException;
import java.io.Reader;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * Reading the protocol's lines from the other side, in both directions (the server's requests, the runner's handshakes
 * and replies; docs/protocol.md, "Limits"): a line is at most {@link #MAX_LINE_CHARS} characters, and it is read by the
 * kit's JSON reader ({@link KitJson}: nesting, duplicate members, text after the value) and its JSON kinds are checked
 * against the message before protobuf's JSON parser sees it. That parser recurses without a limit and coerces (it reads
 * {@code [[1]]} as the string {@code "1"}), so it only ever gets lines that passed both checks.
 */
public final class ProtocolLines {
    /** The longest line either side reads; a longer one is skipped to its end, never held whole. */
    public static final int MAX_LINE_CHARS = 16 << 20;

    private ProtocolLines() {
    }

    /** A line that is not the message expected; the message says why in the kit's words, without quoting the line. */
    public static final class BadLine extends Exception {
        private static final long serialVersionUID = 1L;

        BadLine(String message) {
            super(message);
        }
    }

    /** Parses one line into {@code into}. */
    public static <B extends Message.Builder> B parse(String line, B into) throws BadLine {
        JsonNode tree;
        try {
            tree = KitJson.read(line);
        } catch (JsonInputException e) {
            throw new BadLine(e.getMessage());
        }
        checkMessage(tree, into.getDescriptorForType(), "$");
        try {
            return ProtocolJson.parse(line, into);
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new BadLine(SubprocessEngine.bounded(message, 200));
        }
    }

    /** The JSON kind each field of {@code type} takes in protobuf's JSON mapping, all the way down. */
    private static void checkMessage(JsonNode node, Descriptor type, String path) throws BadLine {
        if (!node.isObject()) {
            throw kind(path, "an object (" + type.getName() + ")", node);
        }
        Descriptor fieldsOf = type;
        if (type.getFullName().equals("google.protobuf.Any")) {
            // the Any's own members are the packed message's, beside "@type" (only registered types cross)
            JsonNode typeUrl = node.get("@type");
            if (node.isEmpty()) {
                return; // {} is the empty Any (no type URL), as protobuf prints and parses it
            }
            if (typeUrl == null || !typeUrl.isTextual()) {
                throw kind(path + ".@type", "a string (the packed message's type URL)", typeUrl == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : typeUrl);
            }
            Optional<Descriptor> packed = ProtocolJson.DETAILS_TYPES.stream()
                    .filter(d -> typeUrl.asText().endsWith("/" + d.getFullName())).findFirst();
            if (packed.isEmpty()) {
                return; // protobuf's parser refuses an unregistered type in its own words
            }
            fieldsOf = packed.get();
        }
        for (Iterator<Map.Entry<String, JsonNode>> members = node.fields(); members.hasNext(); ) {
            Map.Entry<String, JsonNode> member = members.next();
            FieldDescriptor field = field(fieldsOf, member.getKey());
            if (field == null || member.getValue().isNull()) {
                continue; // an unknown member is protobuf's parser's to refuse; null is the default value
            }
            checkField(member.getValue(), field, path + "." + KitJson.bounded(member.getKey()));
        }
    }

    private static FieldDescriptor field(Descriptor type, String name) {
        FieldDescriptor byName = type.findFieldByName(name);
        if (byName != null) {
            return byName;
        }
        return type.getFields().stream().filter(f -> f.getJsonName().equals(name)).findFirst().orElse(null);
    }

    private static void checkField(JsonNode value, FieldDescriptor field, String path) throws BadLine {
        if (field.isMapField()) {
            if (!value.isObject()) {
                throw kind(path, "an object (a map)", value);
            }
            FieldDescriptor mapValue = field.getMessageType().findFieldByName("value");
            for (Iterator<Map.Entry<String, JsonNode>> entries = value.fields(); entries.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = entries.next();
                checkSingle(entry.getValue(), mapValue, path + "." + KitJson.bounded(entry.getKey()));
            }
        } else if (field.isRepeated()) {
            if (!value.isArray()) {
                throw kind(path, "an array", value);
            }
            for (int i = 0; i < value.size(); i++) {
                checkSingle(value.get(i), field, path + "[" + i + "]");
            }
        } else {
            checkSingle(value, field, path);
        }
    }

    private static void checkSingle(JsonNode value, FieldDescriptor field, String path) throws BadLine {
        switch (field.getJavaType()) {
            case STRING, BYTE_STRING -> {
                if (!value.isTextual()) {
                    throw kind(path, "a string", value);
                }
            }
            case BOOLEAN -> {
                if (!value.isBoolean()) {
                    throw kind(path, "true or false", value);
                }
            }
            case INT, LONG, FLOAT, DOUBLE -> {
                if (!value.isNumber() && !value.isTextual()) {
                    throw kind(path, "a number (or a number in a string)", value);
                }
            }
            case ENUM -> {
                if (!value.isTextual() && !value.isIntegralNumber()) {
                    throw kind(path, "an enum value's name (or number)", value);
                }
            }
            case MESSAGE -> checkMessageValue(value, field.getMessageType(), path);
        }
    }

    private static void checkMessageValue(JsonNode value, Descriptor type, String path) throws BadLine {
        switch (type.getFullName()) {
            case "google.protobuf.Timestamp", "google.protobuf.Duration", "google.protobuf.FieldMask" -> {
                if (!value.isTextual()) {
                    throw kind(path, "a string (" + type.getName() + ")", value);
                }
            }
            case "google.protobuf.Value" -> {
                // any JSON
            }
            case "google.protobuf.ListValue" -> {
                if (!value.isArray()) {
                    throw kind(path, "an array", value);
                }
            }
            case "google.protobuf.Struct", "google.protobuf.Empty" -> {
                if (!value.isObject()) {
                    throw kind(path, "an object", value);
                }
            }
            default -> {
                if (type.getFullName().startsWith("google.protobuf.") && type.getFullName().endsWith("Value")) {
                    checkSingle(value, type.findFieldByName("value"), path); // wrappers: the wrapped scalar
                } else {
                    checkMessage(value, type, path);
                }
            }
        }
    }

    private static BadLine kind(String path, String expected, JsonNode got) {
        String what = got.isMissingNode() ? "nothing" : got.isArray() ? "an array" : got.isObject() ? "an object"
                : got.isTextual() ? "a string" : got.isBoolean() ? "a boolean" : got.isNumber() ? "a number" : got.getNodeType().name();
        return new BadLine(path + ": expected " + expected + ", got " + what);
    }

    /**
     * Reads lines of at most {@code maxChars} characters; a longer line is read to its end without being kept and
     * comes back as {@link Line#tooLong}, with its length.
     */
    public static final class LineReader {
        private final Reader in;
        private final int maxChars;
        private final char[] buffer = new char[8192];
        private int position;
        private int limit;

        public LineReader(Reader in, int maxChars) {
            this.in = in;
            this.maxChars = maxChars;
        }

        /** The next line without its end ({@code \n} or {@code \r\n}), or empty at the end of the input. */
        public Optional<Line> next() throws IOException {
            StringBuilder line = new StringBuilder();
            long length = 0;
            while (true) {
                if (position == limit) {
                    limit = in.read(buffer);
                    position = 0;
                    if (limit <= 0) {
                        limit = 0;
                        return length == 0 && line.isEmpty() ? Optional.empty() : Optional.of(line(line, length));
                    }
                }
                int start = position;
                while (position < limit && buffer[position] != '\n') {
                    position++;
                }
                int count = position - start;
                if (length + count <= maxChars) {
                    line.append(buffer, start, count);
                } else if (length <= maxChars) {
                    line.setLength(0);
                    line.trimToSize(); // the part read so far is no longer needed: free it
                }
                length += count;
                if (position < limit) {
                    position++; // the '\n'
                    return Optional.of(line(line, length));
                }
            }
        }

        private Line line(StringBuilder text, long length) {
            if (length > maxChars) {
                return new Line(null, length);
            }
            int end = text.length() > 0 && text.charAt(text.length() - 1) == '\r' ? text.length() - 1 : text.length();
            return new Line(text.substring(0, end), length);
        }
    }

    /** One line: its text, or none when it is longer than the reader's limit ({@code length} says how long). */
    public record Line(String text, long length) {
        public boolean tooLong() {
            return text == null;
        }
    }
}
