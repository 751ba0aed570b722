package dev.tableindex.tck.mutants;

import dev.tableindex.tck.api.TckEngineProvider;
import java.util.Set;

/** A copy of the reference engine with exactly one plausible bug, for the kill matrix (docs/kill-matrix.md). */
public interface MutantEngine extends TckEngineProvider {
    /** The ids of the rules (features/rules/*.yaml) that this mutant breaks. */
    Set<String> breaks();

    /** The bug in one sentence, as an implementer could make it. */
    String flaw();
}
