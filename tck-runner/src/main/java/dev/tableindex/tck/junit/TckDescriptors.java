package dev.tableindex.tck.junit;

import dev.tableindex.tck.run.ClasspathTree;
import dev.tableindex.tck.run.SuiteIds;
import dev.tableindex.tck.run.TckRun;
import dev.tableindex.tck.run.TckSession;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.ClasspathResourceSource;
import org.junit.platform.engine.support.descriptor.FilePosition;
import org.junit.platform.engine.support.descriptor.FileSource;

/** The kit's JUnit Platform tree: a run (a test class, or {@code tck run}), its feature files, their scenarios. */
final class TckDescriptors {
    private TckDescriptors() {
    }

    /** One TCK run: a {@link TckConformanceTest} class, or the command line's run (with its session). */
    static final class RunDescriptor extends AbstractTestDescriptor {
        private final TckRun.Options options;
        private final TckSession session;

        RunDescriptor(UniqueId id, String name, TestSource source, TckRun.Options options, TckSession session) {
            super(id, name, source);
            this.options = options;
            this.session = session;
        }

        TckRun.Options options() {
            return options;
        }

        /** The command line's own session, or empty when this run starts one (a test class). */
        Optional<TckSession> session() {
            return Optional.ofNullable(session);
        }

        @Override
        public Type getType() {
            return Type.CONTAINER;
        }
    }

    /** One feature file of the suite. */
    static final class FeatureDescriptor extends AbstractTestDescriptor {
        private final String file;

        FeatureDescriptor(UniqueId id, String file) {
            super(id, file, source(file, null));
            this.file = file;
        }

        /** {@code features/any-element/AE01-truth-tables.feature} → {@code tck.any-element.AE01-truth-tables}. */
        @Override
        public String getLegacyReportingName() {
            String path = file.startsWith("features/") ? file.substring("features/".length()) : file;
            return "tck." + (path.endsWith(".feature") ? path.substring(0, path.length() - ".feature".length()) : path)
                    .replace('/', '.');
        }

        @Override
        public Type getType() {
            return Type.CONTAINER;
        }
    }

    /** One run of a scenario (an outline row is one), named by its id and title. */
    static final class ScenarioDescriptor extends AbstractTestDescriptor {
        private final SuiteIds.Run run;

        ScenarioDescriptor(UniqueId id, SuiteIds.Run run) {
            super(id, run.id() + " " + run.name(), source(run.file(), run.line()));
            this.run = run;
        }

        SuiteIds.Run run() {
            return run;
        }

        @Override
        public Set<TestTag> getTags() {
            Set<TestTag> tags = new LinkedHashSet<>();
            run.tags().stream().map(t -> t.startsWith("@") ? t.substring(1) : t).filter(TestTag::isValid)
                    .map(TestTag::create).forEach(tags::add);
            return tags;
        }

        @Override
        public Type getType() {
            return Type.TEST;
        }
    }

    /** A known-failure entry that names nothing of the suite: a failing test of its own. */
    static final class StaleEntryDescriptor extends AbstractTestDescriptor {
        private final String entry;

        StaleEntryDescriptor(UniqueId id, String entry) {
            super(id, "known-failure entry " + entry + " names no scenario of this suite");
            this.entry = entry;
        }

        String entry() {
            return entry;
        }

        @Override
        public Type getType() {
            return Type.TEST;
        }
    }

    static TestSource classSource(Class<?> testClass) {
        return ClassSource.from(testClass);
    }

    /** Where an IDE opens a scenario: the checkout's file when the suite is read from one, else the class path resource. */
    private static TestSource source(String file, Integer line) {
        FilePosition position = line == null ? null : FilePosition.from(line);
        return ClasspathTree.suiteOverride()
                .<TestSource>map(dir -> FileSource.from(dir.resolve(file).toFile(), position))
                .orElseGet(() -> ClasspathResourceSource.from(ClasspathTree.SUITE + file, position));
    }
}
