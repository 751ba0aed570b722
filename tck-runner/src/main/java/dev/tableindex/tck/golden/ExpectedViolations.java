package dev.tableindex.tck.golden;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The hand-written violations of one invalid golden index metadata file ({@code invalid/expected-violations.json}):
 * its defects, each with the (path, rule) pair the kit's validator reports and the other pairs that name the same
 * defect ({@code also}: the other occurrence of a duplicate, the enclosing node, another fitting code); a defect that
 * follows from another one may go unreported ({@code optional}).
 */
public record ExpectedViolations(List<Defect> defects) {

    /** A violation as a validator reports it. */
    public record Reported(String path, String rule) {
        @Override
        public String toString() {
            return path + " " + rule;
        }
    }

    public record Defect(Reported kit, List<Reported> also, boolean optional) {
        public Set<Reported> accepted() {
            Set<Reported> accepted = new LinkedHashSet<>();
            accepted.add(kit);
            accepted.addAll(also);
            return accepted;
        }
    }

    public ExpectedViolations {
        defects = List.copyOf(defects);
    }

    /** The entry of {@code file} in the {@code files} object of expected-violations.json, if it has one. */
    public static Optional<ExpectedViolations> of(JsonNode files, String file) {
        JsonNode entry = files.get(file);
        if (entry == null) {
            return Optional.empty();
        }
        List<Defect> defects = new ArrayList<>();
        for (JsonNode d : entry) {
            List<Reported> also = new ArrayList<>();
            d.path("also").forEach(a -> also.add(reported(a)));
            defects.add(new Defect(reported(d), also, d.path("optional").asBoolean(false)));
        }
        return Optional.of(new ExpectedViolations(defects));
    }

    private static Reported reported(JsonNode pair) {
        return new Reported(pair.get("path").asText(), pair.get("rule").asText());
    }

    /** What the kit's own validator reports: each defect once, as its {@code path} and {@code rule}. */
    public Set<String> kitReport() {
        Set<String> report = new TreeSet<>();
        defects.forEach(d -> report.add(d.kit().toString()));
        return report;
    }

    /**
     * What does not fit in a validator's report, in words; empty when it fits: every defect that is not optional is
     * reported in one of its accepted forms (at least once; twice under two fitting codes is fine), and every
     * reported violation is an accepted form of some defect.
     */
    public List<String> misfits(Collection<Reported> reported) {
        List<String> misfits = new ArrayList<>();
        for (Defect defect : defects) {
            if (!defect.optional() && reported.stream().noneMatch(defect.accepted()::contains)) {
                misfits.add("not reported: " + defect.kit() + (defect.also().isEmpty() ? "" : " (or any of " + defect.also() + ")"));
            }
        }
        reported.stream().distinct().sorted(java.util.Comparator.comparing(Reported::toString))
                .filter(r -> defects.stream().noneMatch(d -> d.accepted().contains(r)))
                .forEach(r -> misfits.add("reported but no defect of the file: " + r));
        return misfits;
    }
}
