package dev.tableindex.model.anyelement;

import dev.tableindex.model.key.KeyType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;

/**
 * A literal as the value it denotes where it is compared, so a predicate can travel as a tree with
 * typed values instead of text (the engine protocol's {@code ElementPredicate}): a number compared with
 * a float field is that float (exact bits), with an integer field an integer (or, when it has a
 * fraction, a decimal), a DATE literal a date32 day, a TIMESTAMP literal a timestamp in nanoseconds.
 *
 * @param type    the value's logical type; null for the NULL literal and for a decimal
 * @param value   the value in the key notation's Java form (Long, Float32, Float64, String, ByteString, Boolean); null for NULL
 * @param decimal a number no key type holds exactly (compared as a decimal with integers), else null
 */
public record TypedLiteral(KeyType type, Object value, String decimal) {
    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final KeyType NANOS = KeyType.timestamp("ns", KeyType.NO_ZONE);

    /**
     * The literal compared with a field of type {@code comparedWith} (empty for a literal compared with
     * a literal, or one standing alone); empty when the two cannot be compared or the literal is malformed.
     */
    public static Optional<TypedLiteral> of(Predicate.Literal literal, Optional<KeyType> comparedWith) {
        if (literal.kind() == Predicate.LiteralKind.NULL) {
            return Optional.of(new TypedLiteral(null, null, null));
        }
        Family own = Operands.familyOf(literal);
        Family family = comparedWith.map(t -> Family.common(own, Operands.familyOf(t))).orElse(own == Family.NUMBER ? Family.INTEGER : own);
        if (family == null) {
            return Optional.empty();
        }
        Object value;
        try {
            value = Operands.fromLiteral(literal, family);
        } catch (PredicateException e) {
            return Optional.empty();
        }
        return Optional.of(switch (family) {
            case INTEGER -> integer((BigDecimal) value);
            case FLOAT32 -> new TypedLiteral(KeyType.of(KeyType.Kind.FLOAT), value, null);
            case FLOAT64 -> new TypedLiteral(KeyType.of(KeyType.Kind.DOUBLE), value, null);
            case STRING -> new TypedLiteral(KeyType.of(KeyType.Kind.STRING), value, null);
            case BINARY -> new TypedLiteral(KeyType.of(KeyType.Kind.BINARY), value, null);
            case BOOL -> new TypedLiteral(KeyType.of(KeyType.Kind.BOOL), value, null);
            case DATE -> new TypedLiteral(KeyType.of(KeyType.Kind.DATE32), (Long) value / MILLIS_PER_DAY, null);
            case TIMESTAMP -> new TypedLiteral(NANOS, ((BigInteger) value).longValueExact(), null);
            case NUMBER, ANY -> throw new IllegalStateException("unresolved family " + family);
        });
    }

    private static TypedLiteral integer(BigDecimal value) {
        try {
            BigInteger exact = value.toBigIntegerExact();
            if (exact.bitLength() <= 63) {
                return new TypedLiteral(KeyType.of(KeyType.Kind.INT64), exact.longValue(), null);
            }
            if (exact.signum() > 0 && exact.bitLength() <= 64) {
                return new TypedLiteral(KeyType.of(KeyType.Kind.UINT64), exact.longValue(), null);
            }
        } catch (ArithmeticException e) {
            // a fraction: a decimal
        }
        return new TypedLiteral(null, null, value.toPlainString());
    }
}
