package dev.tableindex.tck.steps;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.key.KeyNotation;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.proto.tck.CompareKeysRequest;
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
    private int order;

    private static KeyEncoder engine() {
        return RunContext.current().engine().facet(KeyEncoder.class);
    }

    @Given("the golden key vector {string}")
    public void theGoldenKeyVector(String id) {
        JsonNode vectors;
        try {
            vectors = KeyNotation.readTree(Files.readString(RunContext.current().golden().path("key-encoding/vectors.json")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
        prefixEncoding = encode(types.subList(0, k), tuple.subList(0, k));
    }

    @When("^the engine compares the encodings of (\\[.*\\]) and (\\[.*\\])$")
    public void theEngineCompares(String left, String right) {
        order = engine().compareKeys(CompareKeysRequest.newBuilder()
                .addAllKeyTypes(types.stream().map(KeyType::lanceName).toList())
                .addAllLeft(ProtoKeyValues.toProto(types, KeyNotation.parseTuple(types, KeyNotation.readTree(left))))
                .addAllRight(ProtoKeyValues.toProto(types, KeyNotation.parseTuple(types, KeyNotation.readTree(right))))
                .build()).getOrder();
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
                    + hex + ", got " + actual);
        }
    }

    @Then("the shorter encoding is a prefix of the longer")
    public void theShorterEncodingIsAPrefix() {
        if (prefixEncoding.length > encoding.length
                || !Arrays.equals(prefixEncoding, Arrays.copyOf(encoding, prefixEncoding.length))) {
            throw new AssertionError(HEX.formatHex(prefixEncoding) + " is not a prefix of " + HEX.formatHex(encoding));
        }
    }

    @Then("the first sorts {word} the second")
    public void theFirstSorts(String relation) {
        int expected = switch (relation) {
            case "before" -> -1;
            case "after" -> 1;
            case "with" -> 0;
            default -> throw new IllegalArgumentException("before, after or with, not " + relation);
        };
        if (Integer.signum(order) != expected) {
            throw new AssertionError("the engine orders the encodings " + (order < 0 ? "before" : order > 0 ? "after" : "equal")
                    + ", expected " + relation);
        }
    }
}
