package dev.tableindex.model.key;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The three properties range planning relies on, over random key types and tuples (nulls, extremes,
 * every NaN, long and multi-byte strings): byte order is tuple order ({@link KeyOrder}, written from
 * the spec's definition, not from the encoding), a tuple's first keys encode to a prefix of its
 * encoding, and decoding gives the tuple back bit for bit.
 */
class KeyEncodingProperties {

    /** Two tuples of the same key types; the second often shares a prefix with the first. */
    record Pair(List<KeyType> types, List<Object> a, List<Object> b) {
    }

    @Provide
    Arbitrary<Pair> pairs() {
        return keyTypes().list().ofMinSize(1).ofMaxSize(4).flatMap(types -> {
            Arbitrary<List<Object>> tuples = tuple(types);
            return Combinators.combine(tuples, tuples, Arbitraries.integers().between(0, types.size()))
                    .as((a, b, shared) -> {
                        List<Object> mixed = new ArrayList<>(a.subList(0, shared));
                        mixed.addAll(b.subList(shared, b.size()));
                        return new Pair(types, a, mixed);
                    });
        });
    }

    @Property(tries = 5000)
    void unsignedByteOrderOfEncodingsIsTupleOrder(@ForAll("pairs") Pair pair) {
        int byBytes = Integer.signum(Arrays.compareUnsigned(KeyEncoding.encode(pair.types(), pair.a()),
                KeyEncoding.encode(pair.types(), pair.b())));
        int byTuples = Integer.signum(KeyOrder.compare(pair.types(), pair.a(), pair.b()));
        assertThat(byBytes).as("%s vs %s", pair.a(), pair.b()).isEqualTo(byTuples);
    }

    @Property(tries = 3000)
    void theFirstKeysEncodeToAPrefixOfTheWhole(@ForAll("pairs") Pair pair) {
        byte[] whole = KeyEncoding.encode(pair.types(), pair.a());
        for (int k = 0; k <= pair.types().size(); k++) {
            byte[] prefix = KeyEncoding.encode(pair.types().subList(0, k), pair.a().subList(0, k));
            assertThat(Arrays.copyOf(whole, prefix.length)).isEqualTo(prefix);
        }
    }

    @Property(tries = 3000)
    void decodingGivesTheTupleBackBitForBit(@ForAll("pairs") Pair pair) {
        byte[] encoded = KeyEncoding.encode(pair.types(), pair.a());
        assertThat(KeyDecoder.decode(pair.types(), encoded)).isEqualTo(pair.a());
        assertThat(KeyNotation.parseTuple(pair.types(), KeyNotation.formatTuple(pair.types(), pair.a()))).isEqualTo(pair.a());
    }

    private static Arbitrary<KeyType> keyTypes() {
        Arbitrary<KeyType> plain = Arbitraries.of(KeyType.Kind.values()).filter(k -> k != KeyType.Kind.TIMESTAMP).map(KeyType::of);
        Arbitrary<KeyType> timestamps = Combinators.combine(Arbitraries.of(KeyType.TIMESTAMP_UNITS),
                Arbitraries.of("-", "UTC", "Europe/Paris", "+05:30")).as(KeyType::timestamp);
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(9, plain), net.jqwik.api.Tuple.of(1, timestamps));
    }

    private static Arbitrary<List<Object>> tuple(List<KeyType> types) {
        List<Arbitrary<Object>> keys = types.stream().map(KeyEncodingProperties::value).toList();
        return Combinators.combine(keys).as(ArrayList::new);
    }

    @SuppressWarnings("unchecked")
    private static Arbitrary<Object> value(KeyType type) {
        Arbitrary<?> values = switch (type.kind()) {
            case BOOL -> Arbitraries.of(true, false);
            case INT8 -> integers(Byte.MIN_VALUE, Byte.MAX_VALUE);
            case INT16 -> integers(Short.MIN_VALUE, Short.MAX_VALUE);
            case INT32, DATE32 -> integers(Integer.MIN_VALUE, Integer.MAX_VALUE);
            case UINT8 -> integers(0, 0xFF);
            case UINT16 -> integers(0, 0xFFFF);
            case UINT32 -> integers(0, 0xFFFF_FFFFL);
            case INT64, DATE64, TIMESTAMP, UINT64 -> Arbitraries.oneOf(Arbitraries.longs(),
                    Arbitraries.of(Long.MIN_VALUE, -1L, 0L, 1L, Long.MAX_VALUE));
            case FLOAT -> Arbitraries.oneOf(Arbitraries.integers().map(Float32::new),
                    Arbitraries.of(0x7FC0_0000, 0xFFC0_0000, 0x7F80_0001, 0xFF80_0001, 0x8000_0000, 0, 1, 0x8000_0001,
                            0x7F80_0000, 0xFF80_0000).map(Float32::new),
                    Arbitraries.floats().map(Float32::of));
            case DOUBLE -> Arbitraries.oneOf(Arbitraries.longs().map(Float64::new),
                    Arbitraries.of(0x7FF8_0000_0000_0000L, 0xFFF8_0000_0000_0000L, 0x7FF0_0000_0000_0001L,
                            0x8000_0000_0000_0000L, 0L, 1L, 0x7FF0_0000_0000_0000L, 0xFFF0_0000_0000_0000L).map(Float64::new),
                    Arbitraries.doubles().map(Float64::of));
            case STRING, LARGE_STRING -> Arbitraries.oneOf(
                    Arbitraries.strings().withChars("ab\u0000\u00e9\u65e5").ofMaxLength(80),
                    Arbitraries.strings().withCharRange('a', 'c').ofMaxLength(70),
                    Arbitraries.integers().between(0, 0x10FFFF).filter(cp -> cp < 0xD800 || cp > 0xDFFF)
                            .list().ofMaxSize(20).map(cps -> new String(cps.stream().mapToInt(Integer::intValue).toArray(), 0, cps.size())));
            case BINARY, LARGE_BINARY -> Arbitraries.oneOf(
                    Arbitraries.bytes().array(byte[].class).ofMaxSize(80),
                    Arbitraries.of((byte) 0, (byte) 1, (byte) 0xFF).array(byte[].class).ofMaxSize(70))
                    .map(ByteString::copyFrom);
        };
        return ((Arbitrary<Object>) values).injectNull(0.15);
    }

    private static Arbitrary<Long> integers(long min, long max) {
        return Arbitraries.oneOf(Arbitraries.longs().between(min, max), Arbitraries.of(min, max, 0L, Math.min(max, 1L),
                Math.max(min, -1L)));
    }
}
