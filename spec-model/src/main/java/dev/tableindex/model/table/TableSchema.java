package dev.tableindex.model.table;

import dev.tableindex.proto.lance.file.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A table's schema as Lance stores it: {@code lance.file.Field}s flattened, a child naming its
 * parent by id. Field ids are what data files and index metadata refer to, so the rules are:
 * a new field takes {@code max id + 1}; a rename keeps the id (indexes stay valid); a drop removes
 * the id; a type change gives the column a NEW id, because its values are rewritten and an index
 * built on the old values must not answer for the new ones.
 */
public record TableSchema(List<Field> fields) {
    public TableSchema {
        fields = List.copyOf(fields);
    }

    /** One column of a new table. */
    public record Column(String name, ColumnType type, boolean nullable) {
    }

    public static TableSchema create(List<Column> columns) {
        TableSchema schema = new TableSchema(List.of());
        for (Column column : columns) {
            schema = schema.add(column);
        }
        return schema;
    }

    /** Appends a column; its fields take the next ids. */
    public TableSchema add(Column column) {
        if (column.name().isEmpty()) {
            throw TableException.invalid("a column needs a name");
        }
        if (column(column.name()).isPresent()) {
            throw TableException.invalid("column '" + column.name() + "' exists already");
        }
        List<Field> next = new ArrayList<>(fields);
        next.addAll(column.type().fields(column.name(), nextId(), column.nullable()));
        return new TableSchema(next);
    }

    /** The id a new field gets: one more than the highest, 0 for the first. */
    public int nextId() {
        return fields.stream().mapToInt(Field::getId).max().orElse(-1) + 1;
    }

    public List<Field> columns() {
        return fields.stream().filter(f -> f.getParentId() == -1).toList();
    }

    public Optional<Field> column(String name) {
        return columns().stream().filter(f -> f.getName().equals(name)).findFirst();
    }

    /** The column, or INVALID_OPERATION naming it. */
    public Field require(String name) {
        return column(name).orElseThrow(() -> TableException.invalid("no column '" + name + "' (columns: "
                + columns().stream().map(Field::getName).toList() + ")"));
    }

    public ColumnType typeOf(Field column) {
        return ColumnType.ofField(column, fields);
    }

    /**
     * The fields that hold values, in schema order: those no other field names as its parent. Lance's
     * data files list these (a list column's item, not the list), and Lance 7.0.0 refuses a 2.1 data
     * file that gives a parent field a column.
     */
    public List<Integer> leafFieldIds() {
        Set<Integer> parents = fields.stream().map(Field::getParentId).collect(Collectors.toSet());
        return fields.stream().map(Field::getId).filter(id -> !parents.contains(id)).toList();
    }

    public Set<Integer> fieldIds() {
        return fields.stream().map(Field::getId).collect(Collectors.toSet());
    }

    /** The top-level column with this id, if any. */
    public Optional<Field> columnById(int id) {
        return columns().stream().filter(f -> f.getId() == id).findFirst();
    }

    /** Rename keeps the field id: data files and indexes refer to ids, not names. */
    public TableSchema rename(String name, String newName) {
        Field column = require(name);
        if (!name.equals(newName) && column(newName).isPresent()) {
            throw TableException.invalid("column '" + newName + "' exists already");
        }
        if (newName.isEmpty()) {
            throw TableException.invalid("a column needs a name");
        }
        return new TableSchema(fields.stream()
                .map(f -> f.getId() == column.getId() ? f.toBuilder().setName(newName).build() : f).toList());
    }

    /** The column's field id and those of all its descendants (a list's item, a struct's fields). */
    public Set<Integer> subtree(Field column) {
        Set<Integer> ids = new java.util.HashSet<>(Set.of(column.getId()));
        for (boolean grew = true; grew; ) {
            grew = false;
            for (Field f : fields) {
                grew |= ids.contains(f.getParentId()) && ids.add(f.getId());
            }
        }
        return ids;
    }

    /** Drop removes the column's field ids (and its descendants'). */
    public TableSchema drop(String name) {
        Field column = require(name);
        if (columns().size() == 1) {
            throw TableException.invalid("cannot drop the last column '" + name + "'");
        }
        Set<Integer> dropped = subtree(column);
        return new TableSchema(fields.stream().filter(f -> !dropped.contains(f.getId())).toList());
    }

    /** A type change replaces the column's fields, in place, by fields with new ids. */
    public TableSchema alterType(String name, ColumnType type) {
        Field column = require(name);
        List<Field> replacement = type.fields(name, nextId(), column.getNullable());
        Set<Integer> replaced = subtree(column);
        List<Field> next = new ArrayList<>();
        for (Field f : fields) {
            if (f.getId() == column.getId()) {
                next.addAll(replacement);
            } else if (!replaced.contains(f.getId())) {
                next.add(f);
            }
        }
        return new TableSchema(next);
    }
}
