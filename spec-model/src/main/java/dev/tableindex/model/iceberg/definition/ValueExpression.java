package dev.tableindex.model.iceberg.definition;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.iceberg.types.Type;

/**
 * An Iceberg value expression (expressions spec, "Value expressions"; docs/iceberg-table-spec-facts.md): a
 * constant, a field reference or a function applied to arguments. Its JSON is read and written by
 * {@link ValueExpressionJson}.
 */
public sealed interface ValueExpression extends ExpressionArgument {

    /** A constant: a single value in the table spec's JSON single-value form, with its type when given. */
    record Literal(JsonNode value, Optional<Type> dataType) implements ValueExpression {
        public Literal {
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(dataType, "dataType");
        }
    }

    /** A bound reference: a field of the input row by field id. The only kind an index expression may use. */
    record IdReference(int fieldId) implements ValueExpression {
    }

    /** An unbound reference by name (also the deprecated {@code term} form). An index expression must not use it. */
    record NamedReference(String name) implements ValueExpression {
        public NamedReference {
            Objects.requireNonNull(name, "name");
        }
    }

    /** A function applied to value expressions and predicates. */
    record Apply(FunctionRef function, List<ExpressionArgument> arguments) implements ValueExpression {
        public Apply {
            Objects.requireNonNull(function, "function");
            arguments = List.copyOf(arguments);
        }
    }

    /**
     * A function: an optional catalog (missing means the catalog that stores the referencing object) and an
     * identifier of namespace parts followed by the function name.
     */
    record FunctionRef(Optional<String> catalog, List<String> identifier) {
        public FunctionRef {
            Objects.requireNonNull(catalog, "catalog");
            identifier = List.copyOf(identifier);
            if (identifier.isEmpty()) {
                throw new IllegalArgumentException("a function identifier has at least the function name");
            }
        }

        public String name() {
            return identifier.get(identifier.size() - 1);
        }
    }

    /** An id reference: the index's expressions name source fields this way. */
    static ValueExpression ref(int fieldId) {
        return new IdReference(fieldId);
    }

    /**
     * Every reference in this expression, value expressions and predicate arguments alike, in document
     * order.
     */
    default List<ValueExpression> references() {
        List<ValueExpression> found = new ArrayList<>();
        collectReferences(this, found);
        return List.copyOf(found);
    }

    /** The field ids this expression reads. */
    default List<Integer> referencedFieldIds() {
        return references().stream()
                .filter(IdReference.class::isInstance)
                .map(r -> ((IdReference) r).fieldId())
                .toList();
    }

    private static void collectReferences(ExpressionArgument argument, List<ValueExpression> found) {
        if (argument instanceof IdReference || argument instanceof NamedReference) {
            found.add((ValueExpression) argument);
        } else if (argument instanceof Apply apply) {
            apply.arguments().forEach(a -> collectReferences(a, found));
        } else if (argument instanceof PredicateArgument predicate) {
            found.addAll(predicate.references());
        }
    }
}
