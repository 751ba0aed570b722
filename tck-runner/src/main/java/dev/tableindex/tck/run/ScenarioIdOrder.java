package dev.tableindex.tck.run;

import java.util.Comparator;

/** Scenario ids in natural order: {@code MR-0050#2} before {@code MR-0050#10}, an outline's bare id before its rows. */
public enum ScenarioIdOrder implements Comparator<String> {
    INSTANCE;

    @Override
    public int compare(String a, String b) {
        int byBase = KnownFailures.baseId(a).compareTo(KnownFailures.baseId(b));
        if (byBase != 0) {
            return byBase;
        }
        int byRow = Long.compare(row(a), row(b));
        return byRow != 0 ? byRow : a.compareTo(b);
    }

    private static long row(String id) {
        int hash = id.indexOf('#');
        if (hash < 0) {
            return -1;
        }
        try {
            return Long.parseLong(id.substring(hash + 1));
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }
}
