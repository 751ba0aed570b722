package dev.tableindex.tck.run;

import com.google.protobuf.ByteString;
import dev.tableindex.proto.lance.table.IndexSection;
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
import java.util.function.UnaryOperator;

/**
 * Engines for testing the runner: one that declares nothing, and mutants of the reference engine,
 * each breaking one rule so that the scenarios checking that rule are shown to fail.
 */
final class TestEngines {
    private TestEngines() {
    }

    /** Declares no capability: every scenario is UNSUPPORTED. */
    public static final class NothingDeclared implements TckEngineProvider {
        @Override
        public String name() {
            return "test-nothing-declared";
        }

        @Override
        public TckEngine start() {
            return new TckEngine() {
                @Override
                public EngineInfo info() {
                    return new EngineInfo(name(), "0", Set.of());
                }

                @Override
                public <F extends Facet> F facet(Class<F> type) {
                    throw new AssertionError("a scenario ran against an undeclared capability");
                }
            };
        }
    }

    /** Drops the fragment_bitmap bytes: "covers nothing" becomes "unknown". */
    public static final class MutantUnknownCoverage extends Mutant {
        public MutantUnknownCoverage() {
            super("mutant-unknown-coverage", result -> result.hasIndexSection()
                    ? result.toBuilder().setIndexSection(clearBitmaps(result.getIndexSection())).build() : result);
        }

        private static IndexSection clearBitmaps(IndexSection section) {
            IndexSection.Builder builder = section.toBuilder();
            builder.getIndicesBuilderList().forEach(entry -> entry.setFragmentBitmap(ByteString.EMPTY));
            return builder.build();
        }
    }

    /** Never refuses: a file it cannot read comes back as an empty manifest. */
    public static final class MutantAcceptsAnything extends Mutant {
        public MutantAcceptsAnything() {
            super("mutant-accepts-anything", UnaryOperator.identity());
        }

        @Override
        ReadManifestResult read(ReadManifestRequest request) {
            try {
                return super.read(request);
            } catch (EngineRefusal refusal) {
                return ReadManifestResult.newBuilder().setManifest(Manifest.getDefaultInstance()).build();
            }
        }
    }

    /** The reference engine with its manifest results changed by {@code change}. */
    abstract static class Mutant implements TckEngineProvider {
        private final String name;
        private final UnaryOperator<ReadManifestResult> change;
        private final ReferenceEngine reference = new ReferenceEngine();

        Mutant(String name, UnaryOperator<ReadManifestResult> change) {
            this.name = name;
            this.change = change;
        }

        @Override
        public String name() {
            return name;
        }

        ReadManifestResult read(ReadManifestRequest request) {
            return change.apply(reference.readManifest(request));
        }

        @Override
        public TckEngine start() {
            ManifestReading reading = this::read;
            return new TckEngine() {
                @Override
                public EngineInfo info() {
                    return new EngineInfo(name, "0", reference.info().capabilities());
                }

                @Override
                public <F extends Facet> F facet(Class<F> type) {
                    return type.cast(reading);
                }
            };
        }
    }
}
