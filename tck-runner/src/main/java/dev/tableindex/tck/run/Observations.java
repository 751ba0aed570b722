package dev.tableindex.tck.run;

import java.util.ArrayList;
import java.util.List;

/**
 * What a scenario measured about the engine without judging it (e.g. how many requests opening an index
 * took): recorded by steps, carried in the scenario's report message and listed on the conformance page
 * as information.
 */
public final class Observations {
    private static final ThreadLocal<List<String>> CURRENT = ThreadLocal.withInitial(ArrayList::new);

    private Observations() {
    }

    /** Records one observation of the running scenario; the same one again adds nothing. */
    public static void add(String observation) {
        if (!CURRENT.get().contains(observation)) {
            CURRENT.get().add(observation);
        }
    }

    /** The running scenario's observations, joined with "; ", and forgets them. */
    static String take() {
        String joined = String.join("; ", CURRENT.get());
        CURRENT.remove();
        return joined;
    }
}
