package dev.tableindex.tck.run;

import io.cucumber.tagexpressions.Expression;
import io.cucumber.tagexpressions.TagExpressionException;
import io.cucumber.tagexpressions.TagExpressionParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A run's {@code --tags} expression, checked before anything runs: a malformed expression, one that
 * names no tag ({@code '\'}) or a word that is not a tag is refused. Besides the scenarios' own tags an
 * expression may name one outline row by its id ({@code @id:AE-0041#3}); such an expression is
 * evaluated here, row by row, and the rows it selects are run by their lines.
 */
public final class TagSelection {
    private static final Set<String> OPERATORS = Set.of("and", "or", "not", "(", ")");
    private static final Pattern ROW_ID = Pattern.compile("@id:[^\\s()]+#\\d+");

    private final String text;
    private final Expression expression;

    private TagSelection(String text, Expression expression) {
        this.text = text;
        this.expression = expression;
    }

    /** The selection for {@code --tags}; null or blank selects everything. */
    public static TagSelection parse(String text) {
        if (text == null || text.isBlank()) {
            return new TagSelection(null, null);
        }
        Expression expression;
        try {
            expression = TagExpressionParser.parse(text);
        } catch (TagExpressionException e) {
            String why = e.getMessage() == null ? "" : e.getMessage().replaceFirst("^.*syntax error: ", "");
            throw new IllegalArgumentException("--tags " + quoted(text) + " is not a tag expression: " + why);
        }
        List<String> literals = Arrays.stream(expression.toString().split("\\s+"))
                .filter(word -> !word.isEmpty() && !OPERATORS.contains(word)).toList();
        if (literals.isEmpty()) {
            throw new IllegalArgumentException("--tags " + quoted(text) + " names no tag (tags start with @, e.g. '@id:MR-0001')");
        }
        for (String literal : literals) {
            if (!literal.startsWith("@")) {
                throw new IllegalArgumentException("--tags " + quoted(text) + ": '" + literal
                        + "' is not a tag (tags start with @) nor and, or, not, ( or )");
            }
        }
        return new TagSelection(text, expression);
    }

    private static String quoted(String text) {
        String shown = text.length() > 200 ? text.substring(0, 200) + "…" : text;
        return "'" + shown + "'";
    }

    /** Whether everything runs. */
    public boolean all() {
        return expression == null;
    }

    /** Whether the expression names outline rows, so that Cucumber's own tag filter cannot evaluate it. */
    public boolean namesRows() {
        return text != null && ROW_ID.matcher(text).find();
    }

    /** The expression for Cucumber's tag filter (when it names no row). */
    public String text() {
        return text;
    }

    /** The runs (feature file and line) the expression selects, each with its row id as one more tag. */
    public List<SuiteIds.Run> select(SuiteIds suite) {
        List<SuiteIds.Run> selected = new ArrayList<>();
        for (SuiteIds.Run run : suite.runs()) {
            List<String> tags = new ArrayList<>(run.tags());
            tags.add("@id:" + run.id());
            if (expression == null || expression.evaluate(tags)) {
                selected.add(run);
            }
        }
        return selected;
    }
}
