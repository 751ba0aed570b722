package dev.tableindex.tck.steps;

import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.proto.tck.ElementPredicate;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.EvaluateAnyElementRequest;
import dev.tableindex.proto.tck.Truth;
import dev.tableindex.tck.api.AnyElementEvaluator;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.engine.ProtoPredicates;
import dev.tableindex.tck.run.RunContext;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Steps for capability {@code any_element}. Tables are written in the kit's JSON table format;
 * results as SQL prints them: TRUE, FALSE, NULL, one per row.
 */
public final class AnyElementSteps {
    private List<String> rows;
    private EngineError refusal;
    /** The call as SQL shows it, for messages. */
    private String call;

    @Given("the list table")
    public void theListTable(String json) {
        ScenarioState.table(json);
    }

    @When("the engine evaluates any_element with the predicate {string}")
    public void theEngineEvaluatesAnyElement(String predicate) {
        evaluate(predicate, false);
    }

    @When("the engine evaluates NOT any_element with the predicate {string}")
    public void theEngineEvaluatesNotAnyElement(String predicate) {
        evaluate(predicate, true);
    }

    /** Each call starts from nothing: a refusal or rows of an earlier call never answer for this one. */
    private void evaluate(String predicate, boolean negated) {
        rows = null;
        refusal = null;
        call = (negated ? "NOT " : "") + "any_element(..., '" + predicate + "')";
        try {
            EvaluateAnyElementRequest.Builder request = EvaluateAnyElementRequest.newBuilder().setTableJson(ScenarioState.table())
                    .setPredicate(predicate).setNegated(negated);
            tree(ScenarioState.table(), predicate).ifPresent(request::setPredicateTree);
            rows = RunContext.current().engine().facet(AnyElementEvaluator.class).evaluateAnyElement(request.build())
                    .getRowsList().stream().map(AnyElementSteps::sql).toList();
        } catch (EngineRefusal e) {
            refusal = e.error();
        }
    }

    /** The predicate as the protocol's tree, beside its text; none when the kit's grammar refuses it or the table. */
    static Optional<ElementPredicate> tree(String table, String predicate) {
        try {
            return ProtoPredicates.tree(predicate, IndexedTable.fromJson(table).element());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static String sql(Truth truth) {
        return switch (truth) {
            case TRUTH_TRUE -> "TRUE";
            case TRUTH_FALSE -> "FALSE";
            case TRUTH_UNKNOWN -> "NULL";
            default -> "invalid " + truth;
        };
    }

    @Then("the rows are {string}")
    public void theRowsAre(String expected) {
        if (refusal != null) {
            throw new AssertionError("the engine refused " + call + ", a valid call: " + refusal.getKind() + ": " + refusal.getMessage());
        }
        List<String> want = Arrays.stream(expected.split(",")).map(String::strip).toList();
        if (!rows.equals(want)) {
            int row = 0;
            while (row < want.size() && row < rows.size() && want.get(row).equals(rows.get(row))) {
                row++;
            }
            String first = row < want.size() && row < rows.size() ? "row " + row + " is " + rows.get(row) + ", expected " + want.get(row)
                    : rows.size() + " rows, expected " + want.size();
            throw new AssertionError(call + ": " + first + " (rows are " + String.join(", ", rows) + ", expected "
                    + String.join(", ", want) + ")");
        }
    }

    @Then("the predicate is refused")
    public void thePredicateIsRefused() {
        if (refusal == null) {
            throw new AssertionError("the engine evaluated " + call + ", which it must refuse (rows " + rows + ")");
        }
    }

    @Then("the predicate is refused as {word} at column {int}")
    public void thePredicateIsRefusedAs(String kind, int column) {
        thePredicateIsRefused();
        if (!refusal.getKind().equals(kind) || refusal.getOffset() != column) {
            throw new AssertionError(call + " was refused as " + refusal.getKind() + " at column " + refusal.getOffset()
                    + ", expected " + kind + " at column " + column + " (" + refusal.getMessage() + ")");
        }
    }
}
