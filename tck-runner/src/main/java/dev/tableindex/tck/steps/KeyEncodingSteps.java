package dev.tableindex.tck.steps;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.key.KeyNotation;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.proto.tck.EncodeKeyRequest;
import dev.tableindex.tck.api.KeyEncoder;
import dev.tableindex.tck.engine.ProtoKeyValues;
import dev.tableindex.tck.run.RunContext;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.StreamSupport;

/** Steps for capability {@code key_encoding}. Values are written in the key notation (golden-files/key-encoding/README.md). */
public final class KeyEncodingSteps {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    private List<KeyType> types;
    private JsonNode vector;
    private List<Object> tuple;
    private byte[] encoding;
    private byte[] prefixEncoding;
    private List<KeyType> prefixTypes;
    private List<Object> leftTuple;
    private List<Object> rightTuple;
    private byte[] leftEncoding;
    private byte[] rightEncoding;

    private static KeyEncoder engine() {
        return RunContext.current().engine().facet(KeyEncoder.class);
    }

    @Given("the golden key vector {string}")
    public void theGoldenKeyVector(String id) {
        JsonNode vectors = RunContext.current().golden().parsed("key-encoding/vectors.json", file -> {
            try {
                return KeyNotation.readTree(Files.readString(file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        vector = StreamSupport.stream(vectors.path("vectors").spliterator(), false)
                .filter(v -> v.path("id").asText().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no golden key vector " + id));
        types = StreamSupport.stream(vector.path("types").spliterator(), false).map(t -> KeyType.parse(t.asText())).toList();
        tuple = KeyNotation.parseTuple(types, vector.path("values"));
    }

    @Given("the key types {string}")
    public void theKeyTypes(String names) {
        types = Arrays.stream(names.split(",")).map(KeyType::parse).toList();
    }

    @When("the engine encodes its tuple")
    public void theEngineEncodesItsTuple() {
        encoding = encode(types, tuple);
    }

    @When("^the engine encodes the tuple (\\[.*\\])$")
    public void theEngineEncodesTheTuple(String values) {
        tuple = KeyNotation.parseTuple(types, KeyNotation.readTree(values));
        encoding = encode(types, tuple);
    }

    @When("the engine encodes the first {int} key(s) of it")
    public void theEngineEncodesTheFirstKeys(int k) {
        prefixTypes = types.subList(0, k);
        prefixEncoding = encode(prefixTypes, tuple.subList(0, k));
    }

    @When("^the engine encodes (\\[.*\\]) and (\\[.*\\])$")
    public void theEngineEncodesBoth(String left, String right) {
        leftTuple = KeyNotation.parseTuple(types, KeyNotation.readTree(left));
        rightTuple = KeyNotation.parseTuple(types, KeyNotation.readTree(right));
        leftEncoding = encode(types, leftTuple);
        rightEncoding = encode(types, rightTuple);
    }

    private static byte[] encode(List<KeyType> types, List<Object> tuple) {
        return engine().encodeKey(EncodeKeyRequest.newBuilder()
                .addAllKeyTypes(types.stream().map(KeyType::lanceName).toList())
                .addAllValues(ProtoKeyValues.toProto(types, tuple)).build()).getEncoding().toByteArray();
    }

    @Then("the encoding is the vector's bytes")
    public void theEncodingIsTheVectorsBytes() {
        theEncodingIs(vector.path("hex").asText());
    }

    @Then("the encoding is {string}")
    public void theEncodingIs(String hex) {
        String actual = HEX.formatHex(encoding);
        if (!actual.equals(hex)) {
            throw new AssertionError("encoding of " + KeyNotation.formatTuple(types, tuple) + " as " + types + ": expected "
                    + hex + ", got " + actual + HexForBase64.hint(encoding, hex));
        }
    }

    @Then("the shorter encoding is a prefix of the longer")
    public void theShorterEncodingIsAPrefix() {
        if (prefixEncoding.length > encoding.length
                || !Arrays.equals(prefixEncoding, Arrays.copyOf(encoding, prefixEncoding.length))) {
            throw new AssertionError("as " + types + ", the first " + prefixTypes.size() + " key(s) of "
                    + KeyNotation.formatTuple(types, tuple) + " encode as " + HEX.formatHex(prefixEncoding)
                    + ", which is not a prefix of the tuple's encoding " + HEX.formatHex(encoding));
        }
    }

    /** The kit compares the engine's bytes as unsigned bytes; the engine's own view of the order is not asked. */
    @Then("the first sorts {word} the second")
    public void theFirstSorts(String relation) {
        int expected = switch (relation) {
            case "before" -> -1;
            case "after" -> 1;
            case "with" -> 0;
            default -> throw new IllegalArgumentException("before, after or with, not " + relation);
        };
        int order = Integer.signum(Arrays.compareUnsigned(leftEncoding, rightEncoding));
        if (order != expected) {
            throw new AssertionError("as " + types + ", " + KeyNotation.formatTuple(types, leftTuple) + " encodes as "
                    + HEX.formatHex(leftEncoding) + " and " + KeyNotation.formatTuple(types, rightTuple) + " as "
                    + HEX.formatHex(rightEncoding) + ": the first encoding sorts "
                    + (order < 0 ? "before" : order > 0 ? "after" : "with") + " the second, the tuples sort " + relation);
        }
    }
}
