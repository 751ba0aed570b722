package dev.tableindex.model.listindex;

import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.anyelement.KeyLiterals;
import dev.tableindex.model.anyelement.Predicate;
import dev.tableindex.model.anyelement.Predicate.Literal;
import dev.tableindex.model.anyelement.Predicate.Operator;
import dev.tableindex.model.key.KeyEncoding;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Plans an any_element predicate against the index's keys, as "Accelerated Queries" says: a
 * conjunction that fixes the first key with =, IN or IS NULL, then following keys in order, then at
 * most one range on the next key, becomes one range of encoded tuples per combination of fixed values.
 * Other conjuncts make the answer a superset. NOT any_element is exact only when every conjunct is
 * answered from the keys, is UNKNOWN exactly when its key is null, and the null sets were enumerated
 * within the limit.
 */
public final class ListElementPlanner {

    /** What one conjunct says about one key. */
    private sealed interface Constraint permits Fixed, Bound {
    }

    /** = / IN (values; a null value for IS NULL) — {@code isNullTest} for IS NULL, which is never UNKNOWN. */
    private record Fixed(List<Object> values, boolean isNullTest, boolean hadNullLiteral) implements Constraint {
    }

    /** One side of a range: {@code lower} or upper, inclusive or not. */
    private record Bound(Object value, boolean lower, boolean inclusive) implements Constraint {
    }

    /**
     * The most key ranges a plan holds (the cross product of IN lists, and NOT's null-set ranges): beyond it the
     * plan keeps fewer fixed keys and rechecks the rest on the data (SUPERSET), or does not use the index.
     */
    public static final int MAX_RANGES = 10_000;

    private final ElementSchema schema;
    private final List<Integer> keyPositions;
    private final List<KeyType> keyTypes;
    private final UnaryOperator<byte[]> successor;

    private ListElementPlanner(ElementSchema schema, List<Integer> keyPositions, UnaryOperator<byte[]> successor) {
        this.schema = schema;
        this.keyPositions = keyPositions;
        this.keyTypes = keyPositions.stream().map(p -> schema.fields().get(p).type()).toList();
        this.successor = successor;
    }

    /**
     * @param keyPositions the keys' positions in the element schema, in key order
     * @param enumerationLimit how many null-set combinations NOT any_element may enumerate
     */
    public static Plan plan(Predicate predicate, ElementSchema schema, List<Integer> keyPositions, int enumerationLimit) {
        return plan(predicate, schema, keyPositions, enumerationLimit, KeyRange::successor);
    }

    /**
     * The plan with the ranges' ends made by another {@code successor} of a prefix than {@link KeyRange#successor}
     * (which is the one that gives "the tuples whose encoding starts with" the prefix): to show what a reader's
     * own, wrong, successor finds.
     */
    public static Plan plan(Predicate predicate, ElementSchema schema, List<Integer> keyPositions, int enumerationLimit,
                            UnaryOperator<byte[]> successor) {
        return new ListElementPlanner(schema, keyPositions, successor).plan(predicate, enumerationLimit);
    }

    private Plan plan(Predicate predicate, int limit) {
        List<Predicate> conjuncts = new ArrayList<>();
        flatten(predicate, conjuncts);
        Map<Integer, List<Constraint>> byKey = new LinkedHashMap<>();
        List<String> others = new ArrayList<>();
        boolean nullLiteral = false;
        for (Predicate conjunct : conjuncts) {
            Optional<Map.Entry<Integer, List<Constraint>>> constraint = classify(conjunct);
            if (constraint.isPresent()) {
                byKey.computeIfAbsent(constraint.get().getKey(), k -> new ArrayList<>()).addAll(constraint.get().getValue());
                nullLiteral |= constraint.get().getValue().stream().anyMatch(c -> c instanceof Fixed f && f.hadNullLiteral());
            } else {
                others.add(describe(conjunct));
            }
        }
        // Walk the keys: fixed ones, then at most one range.
        List<Fixed> fixed = new ArrayList<>();
        Bound lower = null;
        Bound upper = null;
        for (int k = 0; k < keyTypes.size(); k++) {
            List<Constraint> constraints = byKey.getOrDefault(k, List.of());
            Optional<Fixed> first = constraints.stream().filter(Fixed.class::isInstance).map(Fixed.class::cast).findFirst();
            if (first.isPresent()) {
                fixed.add(first.get());
                if (constraints.size() > 1) {
                    others.add("further conditions on key " + name(k));
                }
                continue;
            }
            for (Constraint c : constraints) {
                Bound b = (Bound) c;
                if (b.lower() && lower == null) {
                    lower = b;
                } else if (!b.lower() && upper == null) {
                    upper = b;
                } else {
                    others.add("a further range on key " + name(k));
                }
            }
            break;
        }
        if (fixed.isEmpty()) {
            return Plan.notUsed(Plan.Unused.FIRST_KEY_NOT_FIXED, "the first key " + name(0) + " is not fixed with =, IN or IS NULL");
        }
        // bound the cross product of IN lists: keep the fixed keys whose product stays within the range limit
        int kept = 0;
        long product = 1;
        while (kept < fixed.size() && product * Math.max(1, fixed.get(kept).values().size()) <= MAX_RANGES) {
            product *= Math.max(1, fixed.get(kept).values().size());
            kept++;
        }
        if (kept == 0) {
            return Plan.notUsed(Plan.Unused.RANGE_LIMIT, "the IN list on the first key " + name(0) + " has more values than the range limit of "
                    + MAX_RANGES);
        }
        if (kept < fixed.size()) {
            others.add("the range limit of " + MAX_RANGES + " ranges (keys from " + name(kept) + " on)");
            fixed = new ArrayList<>(fixed.subList(0, kept));
            lower = null;
            upper = null;
        }
        int rangeKey = fixed.size();
        for (int k = rangeKey + (lower != null || upper != null ? 1 : 0); k < keyTypes.size(); k++) {
            if (byKey.containsKey(k)) {
                others.add("conditions on key " + name(k) + " after the fixed keys and the range");
            }
        }
        List<KeyRange> ranges = ranges(fixed, lower, upper, rangeKey);
        Plan.Mode mode = others.isEmpty() ? Plan.Mode.EXACT : Plan.Mode.SUPERSET;
        String reason = others.isEmpty() ? "every conjunct is answered from the keys"
                : "rechecked on the data: " + String.join("; ", others);
        // NOT any_element
        if (!others.isEmpty()) {
            return Plan.notRefused(mode, reason, ranges, Plan.NotRefusal.CONJUNCT_NOT_FROM_KEYS,
                    "a conjunct is not answered from the keys: " + others.get(0));
        }
        if (nullLiteral) {
            return Plan.notRefused(mode, reason, ranges, Plan.NotRefusal.NULL_LITERAL, "a conjunct holds a NULL literal");
        }
        List<Integer> constrained = new ArrayList<>();
        for (int k = 0; k < fixed.size(); k++) {
            if (!fixed.get(k).isNullTest()) {
                constrained.add(k);
            }
        }
        boolean hasRange = lower != null || upper != null;
        if (hasRange) {
            constrained.add(rangeKey);
        }
        List<KeyRange> unknown = new ArrayList<>();
        long combinations = 0;
        long enumerable = Math.min(limit, MAX_RANGES);
        // every one of the 2^n - 1 null sets is at least one combination: too many keys is over the limit at once
        // (and 1 << n would overflow from 31 keys on)
        if (constrained.size() >= 62 || (1L << constrained.size()) - 1 > enumerable) {
            return Plan.notRefused(mode, reason, ranges, Plan.NotRefusal.ENUMERATION_LIMIT,
                    "the enumeration limit of " + limit + " combinations was reached");
        }
        for (long mask = 1; mask < (1L << constrained.size()); mask++) {
            List<Fixed> withNulls = new ArrayList<>(fixed);
            boolean rangeNull = false;
            long count = 1;
            for (int i = 0; i < constrained.size(); i++) {
                int k = constrained.get(i);
                boolean isNull = (mask & (1L << i)) != 0;
                if (k == rangeKey && hasRange) {
                    rangeNull = isNull;
                } else if (isNull) {
                    withNulls.set(k, new Fixed(java.util.Collections.singletonList(null), true, false));
                } else {
                    count *= fixed.get(k).values().size();
                }
            }
            combinations += count;
            if (combinations > enumerable) {
                return Plan.notRefused(mode, reason, ranges, Plan.NotRefusal.ENUMERATION_LIMIT,
                        "the enumeration limit of " + limit + " combinations was reached");
            }
            if (rangeNull) {
                withNulls.add(new Fixed(java.util.Collections.singletonList(null), true, false));
                unknown.addAll(ranges(withNulls, null, null, rangeKey + 1));
            } else {
                unknown.addAll(ranges(withNulls, lower, upper, rangeKey));
            }
        }
        return new Plan(mode, Plan.Unused.NONE, reason, ranges, true, Plan.NotRefusal.NONE, "every conjunct is =, IN without NULL, a range with non-null bounds or IS NULL",
                unknown);
    }

    /** One range per combination of fixed values, each ending in the range on key {@code rangeKey} (or all of it). */
    private List<KeyRange> ranges(List<Fixed> fixed, Bound lower, Bound upper, int rangeKey) {
        List<byte[]> prefixes = new ArrayList<>();
        prefixes.add(new byte[0]);
        for (int k = 0; k < fixed.size(); k++) {
            List<byte[]> next = new ArrayList<>();
            for (byte[] prefix : prefixes) {
                for (Object value : fixed.get(k).values()) {
                    next.add(concat(prefix, encode(k, value)));
                }
            }
            prefixes = next;
        }
        List<KeyRange> ranges = new ArrayList<>();
        for (byte[] prefix : prefixes) {
            if (lower == null && upper == null) {
                ranges.add(new KeyRange(prefix, successor.apply(prefix)));
                continue;
            }
            // nulls of the range key sort first and never satisfy a range: start after them
            byte[] low = lower == null ? successor.apply(concat(prefix, encode(rangeKey, null)))
                    : lower.inclusive() ? concat(prefix, encode(rangeKey, lower.value()))
                    : successor.apply(concat(prefix, encode(rangeKey, lower.value())));
            byte[] high = upper == null ? successor.apply(prefix)
                    : upper.inclusive() ? successor.apply(concat(prefix, encode(rangeKey, upper.value())))
                    : concat(prefix, encode(rangeKey, upper.value()));
            if (low != null && high != null && Arrays.compareUnsigned(low, high) >= 0) {
                continue; // an empty range
            }
            ranges.add(new KeyRange(low, high));
        }
        return ranges;
    }

    private byte[] encode(int key, Object value) {
        KeyWriter writer = new KeyWriter();
        KeyEncoding.encodeKey(keyTypes.get(key), value, writer);
        return writer.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static void flatten(Predicate predicate, List<Predicate> out) {
        if (predicate instanceof Predicate.And and) {
            flatten(and.left(), out);
            flatten(and.right(), out);
        } else {
            out.add(predicate);
        }
    }

    /** The key a conjunct constrains and how, when it is answered from the keys. */
    private Optional<Map.Entry<Integer, List<Constraint>>> classify(Predicate conjunct) {
        if (conjunct instanceof Predicate.Comparison c) {
            boolean keyLeft = c.left() instanceof Predicate.FieldRef && c.right() instanceof Literal;
            boolean keyRight = c.right() instanceof Predicate.FieldRef && c.left() instanceof Literal;
            if (!keyLeft && !keyRight) {
                return Optional.empty();
            }
            int key = key(keyLeft ? c.left() : c.right());
            Literal literal = (Literal) (keyLeft ? c.right() : c.left());
            Operator op = keyLeft ? c.operator() : flip(c.operator());
            if (key < 0 || op == Operator.NE || literal.kind() == Predicate.LiteralKind.NULL) {
                return Optional.empty();
            }
            Optional<Object> value = KeyLiterals.asKeyValue(literal, keyTypes.get(key));
            if (value.isEmpty()) {
                return Optional.empty();
            }
            Constraint constraint = switch (op) {
                case EQ -> new Fixed(List.of(value.get()), false, false);
                case LT -> new Bound(value.get(), false, false);
                case LE -> new Bound(value.get(), false, true);
                case GT -> new Bound(value.get(), true, false);
                default -> new Bound(value.get(), true, true);
            };
            return Optional.of(Map.entry(key, List.of(constraint)));
        }
        if (conjunct instanceof Predicate.In in && !in.negated() && in.value() instanceof Predicate.FieldRef ref
                && in.list().stream().allMatch(Literal.class::isInstance) && key(ref) >= 0) {
            int key = key(ref);
            List<Object> values = new ArrayList<>();
            // de-duplicated by key bytes, in a hash set: a list of 100k values stays linear
            java.util.Set<java.nio.ByteBuffer> seen = new java.util.HashSet<>();
            boolean nullLiteral = false;
            for (Predicate.Operand item : in.list()) {
                Literal literal = (Literal) item;
                if (literal.kind() == Predicate.LiteralKind.NULL) {
                    nullLiteral = true;
                } else {
                    // a value no key equals can never match: leave it out
                    KeyLiterals.asKeyValue(literal, keyTypes.get(key))
                            .filter(v -> seen.add(java.nio.ByteBuffer.wrap(encode(key, v)))).ifPresent(values::add);
                }
            }
            return Optional.of(Map.entry(key, List.of(new Fixed(values, false, nullLiteral))));
        }
        if (conjunct instanceof Predicate.Between b && !b.negated() && b.value() instanceof Predicate.FieldRef ref
                && b.low() instanceof Literal low && b.high() instanceof Literal high && key(ref) >= 0) {
            int key = key(ref);
            Optional<Object> lowValue = KeyLiterals.asKeyValue(low, keyTypes.get(key));
            Optional<Object> highValue = KeyLiterals.asKeyValue(high, keyTypes.get(key));
            if (lowValue.isEmpty() || highValue.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(Map.entry(key, List.of(new Bound(lowValue.get(), true, true), new Bound(highValue.get(), false, true))));
        }
        if (conjunct instanceof Predicate.IsNull isNull && !isNull.negated() && isNull.value() instanceof Predicate.FieldRef ref
                && key(ref) >= 0) {
            return Optional.of(Map.entry(key(ref), List.of(new Fixed(java.util.Collections.singletonList(null), true, false))));
        }
        return Optional.empty();
    }

    private int key(Predicate.Operand operand) {
        if (!(operand instanceof Predicate.FieldRef ref)) {
            return -1;
        }
        return schema.indexOf(ref.name()).map(keyPositions::indexOf).orElse(-1);
    }

    private static Operator flip(Operator op) {
        return switch (op) {
            case LT -> Operator.GT;
            case LE -> Operator.GE;
            case GT -> Operator.LT;
            case GE -> Operator.LE;
            default -> op;
        };
    }

    private String name(int key) {
        return schema.fields().get(keyPositions.get(key)).name();
    }

    private static String describe(Predicate conjunct) {
        return "the conjunct at column " + conjunct.column();
    }
}
