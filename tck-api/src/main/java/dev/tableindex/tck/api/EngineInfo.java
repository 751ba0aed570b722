package dev.tableindex.tck.api;

import java.util.Set;

/** Who the engine is and what it declares it can do. */
public record EngineInfo(String name, String version, Set<Capability> capabilities) {
    public EngineInfo {
        capabilities = Set.copyOf(capabilities);
    }

    public boolean declares(Capability capability) {
        return capabilities.contains(capability);
    }
}
