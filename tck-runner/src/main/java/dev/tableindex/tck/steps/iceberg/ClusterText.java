package dev.tableindex.tck.steps.iceberg;

import com.fasterxml.jackson.databind.node.IntNode;
import dev.tableindex.model.iceberg.data.IndexFieldValues;
import dev.tableindex.model.iceberg.definition.ExpressionArgument;
import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * The scenarios' way of writing a cluster spec: columns by name ({@code city, score}) and Iceberg functions of a
 * column ({@code bucket(4, id)}, {@code truncate(1, city)}, {@code day(ts)}). A column is an identity field; a
 * function is a materialized expression field (ids from {@link #FIRST_EXPRESSION_ID}) whose source column is an
 * identity field too, as the draft requires of cluster expressions.
 *
 * @param identityFields the source field ids, in the order written (sources of functions included)
 * @param expressions    the materialized expression fields the functions became
 * @param clusterSpec    the index field ids, in the order written
 */
public record ClusterText(List<Integer> identityFields, List<ExpressionField> expressions, List<Integer> clusterSpec) {
    public static final int FIRST_EXPRESSION_ID = 1010;
    private static final Pattern FUNCTION = Pattern.compile("(\\w+)\\((?:(\\d+)\\s*,\\s*)?(\\w+)\\)");

    public static ClusterText parse(String text, Schema schema) {
        Set<Integer> identity = new LinkedHashSet<>();
        List<ExpressionField> expressions = new ArrayList<>();
        List<Integer> cluster = new ArrayList<>();
        for (String item : splitItems(text)) {
            Matcher m = FUNCTION.matcher(item);
            if (m.matches()) {
                int source = column(schema, m.group(3), text);
                List<ExpressionArgument> arguments = new ArrayList<>();
                if (m.group(2) != null) {
                    arguments.add(new ValueExpression.Literal(IntNode.valueOf(Integer.parseInt(m.group(2))),
                            Optional.empty()));
                }
                arguments.add(ValueExpression.ref(source));
                ValueExpression expr = new ValueExpression.Apply(
                        new ValueExpression.FunctionRef(Optional.empty(), List.of(m.group(1))), arguments);
                int id = FIRST_EXPRESSION_ID + expressions.size();
                expressions.add(ExpressionField.exprValue(id, new IndexFieldValues(schema).typeOf(expr), expr));
                identity.add(source);
                cluster.add(id);
            } else {
                int id = column(schema, item, text);
                identity.add(id);
                cluster.add(id);
            }
        }
        return new ClusterText(List.copyOf(identity), expressions, cluster);
    }

    private static int column(Schema schema, String name, String text) {
        Types.NestedField field = schema.findField(name);
        if (field == null) {
            throw new IllegalArgumentException("the scenario's cluster spec '" + text + "': no column '" + name + "'");
        }
        return field.fieldId();
    }

    /** Items separated by commas outside parentheses. */
    private static List<String> splitItems(String text) {
        List<String> items = new ArrayList<>();
        int depth = 0;
        StringBuilder item = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (c == ',' && depth == 0) {
                items.add(item.toString().trim());
                item.setLength(0);
                continue;
            }
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            item.append(c);
        }
        items.add(item.toString().trim());
        return items;
    }
}
