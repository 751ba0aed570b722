package dev.tableindex.tck.mutants;

import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.tck.ReadManifestRequest;
import dev.tableindex.proto.tck.ReadManifestResult;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.ManifestReading;
import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.api.TckEngineProvider;
import dev.tableindex.tck.engine.ReferenceEngine;
import java.util.Set;

/**
 * Engines that KillMatrixTest judges against a fixture catalogue of its own, to show the matrix
 * itself works (a kill, an advisory kill, a survivor). They are plain providers, not
 * {@link MutantEngine}s, so the real matrix does not load them.
 */
final class KillMatrixFixtures {
    private KillMatrixFixtures() {
    }

    /** Never refuses a manifest: one it cannot read comes back empty. */
    public static final class AcceptsDamagedManifests implements TckEngineProvider {
        static final String NAME = "mutant-fixture-accepts-damaged-manifests";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public TckEngine start() {
            ReferenceEngine reference = new ReferenceEngine();
            ManifestReading reading = request -> read(reference, request);
            return new TckEngine() {
                @Override
                public EngineInfo info() {
                    return new EngineInfo(NAME, "0", reference.info().capabilities());
                }

                @Override
                public <F extends Facet> F facet(Class<F> type) {
                    return type == ManifestReading.class ? type.cast(reading) : reference.facet(type);
                }
            };
        }

        private static ReadManifestResult read(ReferenceEngine reference, ReadManifestRequest request) {
            try {
                return reference.readManifest(request);
            } catch (EngineRefusal refusal) {
                return ReadManifestResult.newBuilder().setManifest(Manifest.getDefaultInstance()).build();
            }
        }
    }

    /** The reference engine under another name: it breaks nothing, so it survives whatever it claims. */
    public static final class NoBug implements TckEngineProvider {
        static final String NAME = "mutant-fixture-no-bug";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public TckEngine start() {
            ReferenceEngine reference = new ReferenceEngine();
            return new TckEngine() {
                @Override
                public EngineInfo info() {
                    return new EngineInfo(NAME, "0", reference.info().capabilities());
                }

                @Override
                public <F extends Facet> F facet(Class<F> type) {
                    return reference.facet(type);
                }
            };
        }
    }

    /** A fixture engine, described as a mutant that breaks the given fixture rules. */
    record Described(String name, Set<String> breaks, String flaw) implements MutantEngine {
        @Override
        public TckEngine start() {
            throw new UnsupportedOperationException("TckRun starts the registered engine " + name);
        }
    }
}
