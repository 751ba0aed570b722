package dev.tableindex.model.iceberg.definition;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;

/**
 * A predicate passed to a function (for example the condition of {@code if_else}). The index draft defines
 * no predicate evaluation of its own, so the predicate is kept as its JSON; the references inside it are
 * parsed, because the rule "ID references only" covers them too.
 *
 * @param json       the predicate's JSON
 * @param references the references inside it, in document order
 */
public record PredicateArgument(JsonNode json, List<ValueExpression> references) implements ExpressionArgument {
    public PredicateArgument {
        Objects.requireNonNull(json, "json");
        references = List.copyOf(references);
    }
}
