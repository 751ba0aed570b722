package dev.tableindex.tck.mutants;

import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.engine.ReferenceEngine;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A mutant made from the reference engine: it declares the reference's capabilities under its own name and
 * answers with the reference's facets, except those it replaces through {@link #facet(Class, Facet)}.
 * Every family of mutants builds on this one mechanism.
 */
public abstract class ReferenceMutant implements MutantEngine {
    /** The engine every facet starts from; it keeps nothing between requests, so one serves every start. */
    protected final ReferenceEngine reference = new ReferenceEngine();
    private final String name;
    private final Set<String> breaks;
    private final String flaw;

    protected ReferenceMutant(String name, Set<String> breaks, String flaw) {
        this.name = name;
        this.breaks = Set.copyOf(breaks);
        this.flaw = flaw;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Set<String> breaks() {
        return breaks;
    }

    @Override
    public final String flaw() {
        return flaw;
    }

    /**
     * This mutant's facet of {@code type}, given the reference engine's ({@code original}); by default the
     * reference's. Asked once per facet type and started engine.
     */
    protected <F extends Facet> F facet(Class<F> type, F original) {
        return original;
    }

    @Override
    public TckEngine start() {
        Map<Class<?>, Facet> facets = new ConcurrentHashMap<>();
        return new TckEngine() {
            @Override
            public EngineInfo info() {
                return new EngineInfo(name, "0", reference.info().capabilities());
            }

            @Override
            public <F extends Facet> F facet(Class<F> type) {
                return type.cast(facets.computeIfAbsent(type, t -> ReferenceMutant.this.facet(type, reference.facet(type))));
            }
        };
    }
}
