package dev.tableindex.tck.api;

import dev.tableindex.proto.tck.EvaluateAnyElementRequest;
import dev.tableindex.proto.tck.EvaluateAnyElementResult;

/** Capability {@code any_element}: three-valued evaluation of any_element over list&lt;struct&gt; data. */
public interface AnyElementEvaluator extends Facet {
    /**
     * @throws EngineRefusal for a predicate or table the engine refuses (kind: SYNTAX, UNKNOWN_FIELD,
     *     TYPE_MISMATCH, BAD_LITERAL or BAD_TABLE; offset: the predicate column, 1-based)
     */
    EvaluateAnyElementResult evaluateAnyElement(EvaluateAnyElementRequest request);
}
