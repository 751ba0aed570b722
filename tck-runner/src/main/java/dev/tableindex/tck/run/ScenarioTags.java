package dev.tableindex.tck.run;

import java.util.List;
import java.util.Optional;

/** Reads a scenario's identity from its tags: {@code @id:}, {@code @level:}, {@code @requires:}, {@code @spec:}, {@code @open}. */
public record ScenarioTags(List<String> tags) {
    public Optional<String> id() {
        return first("@id:");
    }

    public String level() {
        return first("@level:").orElse("must");
    }

    public List<String> requires() {
        return all("@requires:");
    }

    public List<String> spec() {
        return all("@spec:");
    }

    public boolean open() {
        return tags.contains("@open");
    }

    private Optional<String> first(String prefix) {
        return all(prefix).stream().findFirst();
    }

    private List<String> all(String prefix) {
        return tags.stream().filter(t -> t.startsWith(prefix)).map(t -> t.substring(prefix.length())).toList();
    }
}
