package dev.tableindex.model.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.tableindex.model.io.FileProblems;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The kit's one JSON reader. Every JSON the kit reads from outside — protocol lines, tables, Iceberg metadata, known
 * failures, reports, golden expectations — is read here (or by a parser or mapper made here), so that all of it is
 * held to the same limits (docs/fuzzing.md, "Limits"):
 * <ul>
 *   <li>at most {@link #MAX_DEPTH} levels of nesting (so that no reader, ours or a library's, recurses without end);</li>
 *   <li>a file at most {@link #MAX_FILE_BYTES} bytes, a string or member name at most {@link #MAX_STRING_CHARS}
 *       characters, a number at most 1,000 digits;</li>
 *   <li>a member given twice in one object is refused (no "last one wins");</li>
 *   <li>one value per document: text after it is refused;</li>
 *   <li>strict JSON: no comments, single quotes, {@code NaN}, leading zeros or trailing commas, and no coercion of
 *       one JSON kind into another when mapping to types.</li>
 * </ul>
 * A refusal is a {@link JsonInputException} saying what and where in the kit's words.
 */
public final class KitJson {
    /** Deepest nesting of arrays and objects read; the predicate language's own limit is the same (256). */
    public static final int MAX_DEPTH = 256;
    /** Largest JSON file read. */
    public static final long MAX_FILE_BYTES = 256L << 20;
    /** Longest string value or member name. */
    public static final int MAX_STRING_CHARS = 16 << 20;

    private static final StreamReadConstraints LIMITS = StreamReadConstraints.builder()
            .maxNestingDepth(MAX_DEPTH)
            .maxDocumentLength(MAX_FILE_BYTES)
            .maxStringLength(MAX_STRING_CHARS)
            .maxNameLength(MAX_STRING_CHARS)
            .maxNumberLength(1000)
            .build();
    private static final JsonFactory FACTORY = configure(new JsonFactory());
    private static final ObjectMapper MAPPER = JsonMapper.builder(FACTORY)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .withCoercionConfig(LogicalType.Textual, text -> text
                    .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
            .build();
    /** Reads one tree from a parser and leaves what follows to {@link #readWhole}, which says where it is. */
    private static final ObjectReader TREES = MAPPER.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private KitJson() {
    }

    /**
     * Applies the kit's limits to a Jackson factory of any format (JSON here; YAML for known failures and the rules
     * catalogues, whose factory lives with them): nesting, lengths and duplicate members.
     */
    public static <F extends JsonFactory> F configure(F factory) {
        factory.setStreamReadConstraints(LIMITS);
        factory.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
        return factory;
    }

    /** The configured mapper, for reading into types ({@code readValue}) and for trees read from a parser. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** A configured streaming parser over {@code text}, for readers that walk tokens themselves. */
    public static JsonParser parser(String text) {
        try {
            return FACTORY.createParser(text);
        } catch (IOException e) {
            throw new JsonInputException("not JSON: " + e.getMessage());
        }
    }

    /**
     * A configured streaming parser over a file's bytes (UTF-8, or another encoding JSON allows), for readers that walk
     * a large file once or more without holding it; the file's size is checked first.
     *
     * @throws IOException when the file cannot be opened
     */
    public static JsonParser parser(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new JsonInputException("is a folder, not a file");
        }
        long size = Files.size(file);
        if (size > MAX_FILE_BYTES) {
            throw tooLarge(size);
        }
        return FACTORY.createParser(file.toFile());
    }

    /** One JSON value: the whole of {@code text}. */
    public static JsonNode read(String text) {
        try (JsonParser parser = FACTORY.createParser(text)) {
            return readWhole(parser);
        } catch (IOException e) {
            throw new JsonInputException("not JSON: " + e.getMessage());
        }
    }

    /** One JSON value: the whole of {@code bytes} (UTF-8, or another encoding JSON allows). */
    public static JsonNode read(byte[] bytes) {
        if (bytes.length > MAX_FILE_BYTES) {
            throw tooLarge(bytes.length);
        }
        try (JsonParser parser = FACTORY.createParser(bytes)) {
            return readWhole(parser);
        } catch (IOException e) {
            throw new JsonInputException("not JSON: " + e.getMessage());
        }
    }

    /** The parser's one value, and nothing after it; a refusal says where, even when Jackson's exception does not. */
    private static JsonNode readWhole(JsonParser parser) throws IOException {
        JsonNode node;
        try {
            node = TREES.readTree(parser);
        } catch (JsonProcessingException e) {
            throw refusal(e, parser);
        }
        if (node == null || node.isMissingNode()) {
            throw new JsonInputException("no JSON value (the input is empty)");
        }
        JsonLocation end = parser.currentLocation();
        try {
            if (parser.nextToken() == null) {
                return node;
            }
            end = parser.currentTokenLocation();
        } catch (JsonProcessingException e) {
            // an unreadable token after the value is still text after the value; Jackson places it at its start
            end = e.getLocation() == null ? end : e.getLocation();
        }
        throw new JsonInputException("not JSON: text after the value" + at(end));
    }

    /**
     * One JSON value: the whole of a file, whose size is checked before it is read. The message of a refusal does not
     * name the file: the caller knows which file it asked for and says so.
     */
    public static JsonNode read(Path file) {
        return read(readBytes(file));
    }

    /** A file's bytes, at most {@link #MAX_FILE_BYTES}; a missing or unreadable file is refused in plain words. */
    public static byte[] readBytes(Path file) {
        try {
            if (Files.isDirectory(file)) {
                throw new JsonInputException("is a folder, not a file");
            }
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw tooLarge(size);
            }
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new JsonInputException("cannot be read: " + FileProblems.describe(e));
        } catch (OutOfMemoryError e) {
            throw new JsonInputException("too large to read into memory");
        }
    }

    private static JsonInputException tooLarge(long size) {
        return new JsonInputException("is " + size + " bytes, more than the " + MAX_FILE_BYTES + " bytes the kit reads as JSON");
    }

    /**
     * What a Jackson refusal means, in the kit's words, with its line and column: Jackson's own messages name its
     * classes and feature switches ({@code StreamReadConstraints.getMaxNestingDepth()}, {@code JsonReadFeature…}),
     * which say nothing to someone who wrote a bad file.
     */
    public static JsonInputException refusal(JsonProcessingException e, JsonParser parser) {
        Optional<JsonInputException> limit = limitRefusal(e, parser);
        if (limit.isPresent()) {
            return limit.get();
        }
        String original = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        String at = at(location(e, parser));
        if (original.startsWith("Unexpected end-of-input")) {
            return new JsonInputException("not JSON: it ends too early" + at);
        }
        String first = withoutInternals(original.lines().findFirst().orElse(""));
        int expecting = first.indexOf(": was expecting");
        return new JsonInputException("not JSON: " + bounded(expecting > 0 ? first.substring(0, expecting) : first) + at);
    }

    /**
     * The refusal of one of the kit's limits or of a member given twice, in the kit's words, if {@code e} is one; for
     * readers of other formats too (YAML, with a factory {@link #configure}d here), which word syntax errors their way.
     */
    public static Optional<JsonInputException> limitRefusal(JsonProcessingException e, JsonParser parser) {
        String original = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        String at = at(location(e, parser));
        if (e instanceof StreamConstraintsException) {
            return Optional.of(new JsonInputException((original.contains("nesting depth") ? "nested deeper than " + MAX_DEPTH + " levels"
                    : original.startsWith("Document length") ? "longer than " + MAX_FILE_BYTES + " bytes"
                    : original.startsWith("Number value length") ? "a number longer than 1000 characters"
                    : original.startsWith("Name length") ? "a member name longer than " + MAX_STRING_CHARS + " characters"
                    : original.startsWith("String value length") ? "a string longer than " + MAX_STRING_CHARS + " characters"
                    : "over the kit's JSON limits") + at));
        }
        if (original.startsWith("Duplicate field '") && parser != null) {
            return Optional.of(new JsonInputException(path(parser.getParsingContext()),
                    "the member appears twice (" + at.replace(" at line", "line").strip() + ")"));
        }
        return Optional.empty();
    }

    private static JsonLocation location(JsonProcessingException e, JsonParser parser) {
        return e.getLocation() == null && parser != null ? parser.currentTokenLocation() : e.getLocation();
    }

    /** {@link #refusal}'s message, for readers that throw their own exception type. */
    public static String describe(JsonProcessingException e, JsonParser parser) {
        return refusal(e, parser).getMessage();
    }

    /** The JSON path of a parser's position: {@code $}, {@code $.rows[2].id}. */
    public static String path(JsonStreamContext context) {
        StringBuilder path = new StringBuilder();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray()) {
                path.insert(0, "[" + Math.max(0, c.getCurrentIndex()) + "]");
            } else if (c.getCurrentName() != null) {
                path.insert(0, "." + bounded(c.getCurrentName()));
            }
        }
        return "$" + path;
    }

    private static String at(JsonLocation location) {
        return location == null || location.getLineNr() < 0 ? ""
                : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    /** Cuts a clause that names a Jackson switch or class (they are quoted in backticks) off a message. */
    static String withoutInternals(String message) {
        int tick = message.indexOf('`');
        if (tick < 0) {
            return message;
        }
        int cut = Math.max(message.lastIndexOf(':', tick), Math.max(message.lastIndexOf('(', tick), message.lastIndexOf(';', tick)));
        return message.substring(0, cut > 0 ? cut : tick).strip();
    }

    /** Input shown in a message: at most 80 characters, one line. */
    public static String bounded(String text) {
        String shown = text.length() <= 80 ? text : text.substring(0, 80) + "…(" + text.length() + " characters)";
        // called for every member name read (a JSON path in a later message), so the common case is no regex at all
        return shown.indexOf('\r') < 0 && shown.indexOf('\n') < 0 ? shown : LINE_BREAKS.matcher(shown).replaceAll(" ");
    }

    private static final Pattern LINE_BREAKS = Pattern.compile("[\\r\\n]+");
}
