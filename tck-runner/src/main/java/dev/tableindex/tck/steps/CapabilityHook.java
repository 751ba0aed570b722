package dev.tableindex.tck.steps;

import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.run.RunContext;
import dev.tableindex.tck.run.ScenarioTags;
import io.cucumber.java.Before;
import io.cucumber.java.Scenario;
import org.opentest4j.TestAbortedException;

/** Before each scenario: an engine that does not declare a required capability does not run it (UNSUPPORTED). */
public final class CapabilityHook {

    @Before(order = 0)
    public void requireDeclaredCapabilities(Scenario scenario) {
        RunContext context = RunContext.current();
        for (String name : new ScenarioTags(java.util.List.copyOf(scenario.getSourceTagNames())).requires()) {
            Capability capability = Capability.byId(name)
                    .orElseThrow(() -> new IllegalStateException("scenario requires unknown capability '" + name + "'"));
            if (!context.engineInfo().declares(capability)) {
                context.markUndeclared(scenario.getUri() + ":" + scenario.getLine(), name);
                throw new TestAbortedException("engine does not declare capability " + name);
            }
        }
    }
}
