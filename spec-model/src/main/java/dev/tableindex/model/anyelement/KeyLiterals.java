package dev.tableindex.model.anyelement;

import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.Float64;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyValues;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;

/**
 * A literal as a value of a key's own type, for planning index ranges: present only when some key
 * value compares equal to the literal under the evaluator's rules (so an integer key and 2.5, or a
 * float key and a double that no float equals, give empty).
 */
public final class KeyLiterals {
    private KeyLiterals() {
    }

    /** The key value equal to {@code literal}, for a non-NULL literal whose type fits the key. */
    public static Optional<Object> asKeyValue(Predicate.Literal literal, KeyType type) {
        Family family = Operands.familyOf(type);
        Family common = Family.common(family, Operands.familyOf(literal));
        if (common == null || literal.kind() == Predicate.LiteralKind.NULL) {
            return Optional.empty();
        }
        Object value = Operands.fromLiteral(literal, common);
        Object key = switch (common) {
            case INTEGER -> integer((BigDecimal) value, type);
            case FLOAT32 -> value;
            case FLOAT64 -> type.kind() == KeyType.Kind.FLOAT ? narrow((Float64) value) : value;
            case DATE -> type.kind() == KeyType.Kind.DATE32 ? exactDivide(BigInteger.valueOf((Long) value), 86_400_000L)
                    : value;
            case TIMESTAMP -> exactDivide((BigInteger) value, switch (type.timestampUnit()) {
                case "s" -> 1_000_000_000L;
                case "ms" -> 1_000_000L;
                case "us" -> 1_000L;
                default -> 1L;
            });
            default -> value;
        };
        if (key == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(KeyValues.check(type, key));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static Long integer(BigDecimal value, KeyType type) {
        // decided from precision and scale, before any BigInteger is made: 1e99999999 would take minutes
        if (value.signum() != 0 && (value.precision() - value.scale() > 20 || value.stripTrailingZeros().scale() > 0)) {
            return null; // beyond 64 bits, or not a whole number
        }
        try {
            BigInteger exact = value.toBigIntegerExact();
            if (type.kind().unsignedInteger()) {
                return exact.signum() < 0 || exact.bitLength() > 64 ? null : exact.longValue();
            }
            return exact.bitLength() > 63 ? null : exact.longValue();
        } catch (ArithmeticException e) {
            return null;
        }
    }

    /** The float whose exact widening is {@code value}, if there is one. */
    private static Float32 narrow(Float64 value) {
        Float32 narrowed = Float32.of((float) value.value());
        return Operands.widen(narrowed).equals(value) ? narrowed : null;
    }

    private static Long exactDivide(BigInteger value, long divisor) {
        BigInteger[] qr = value.divideAndRemainder(BigInteger.valueOf(divisor));
        return qr[1].signum() != 0 || qr[0].bitLength() > 63 ? null : qr[0].longValue();
    }
}
