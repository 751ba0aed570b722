package dev.tableindex.model.anyelement;

import dev.tableindex.model.key.KeyType;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/** The current fields of a list column's element struct, by name and key type, in order. */
public record ElementSchema(List<Field> fields) {

    /** One field of the element struct. */
    public record Field(String name, KeyType type) {
    }

    public ElementSchema {
        fields = List.copyOf(fields);
        long distinct = fields.stream().map(Field::name).distinct().count();
        if (distinct != fields.size()) {
            throw new IllegalArgumentException("element field names must be unique: " + fields.stream().map(Field::name).toList());
        }
    }

    /** The index of the field with this exact name (names are case-sensitive, as Lance's are). */
    public Optional<Integer> indexOf(String name) {
        return IntStream.range(0, fields.size()).filter(i -> fields.get(i).name().equals(name)).boxed().findFirst();
    }

    public List<String> names() {
        return fields.stream().map(Field::name).toList();
    }
}
