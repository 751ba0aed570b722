package dev.tableindex.model.iceberg.definition;

/** An argument of a function call: a value expression or a predicate (expressions spec, "Apply function"). */
public sealed interface ExpressionArgument permits ValueExpression, PredicateArgument {
}
