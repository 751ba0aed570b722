package dev.tableindex.model.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FilterTest {
    private static final TableSchema SCHEMA = TableSchema.create(List.of(
            new TableSchema.Column("id", ColumnType.parse("int64"), true),
            new TableSchema.Column("name", ColumnType.parse("string"), true),
            new TableSchema.Column("x", ColumnType.parse("double"), true),
            new TableSchema.Column("tags", ColumnType.parse("list<string>"), true)));

    private static Boolean eval(String filter, Object id, Object name) {
        Filter parsed = Filter.parse(filter);
        Map<Integer, Object> row = new HashMap<>();
        row.put(0, id);
        row.put(1, name);
        row.put(2, 1.5);
        return parsed.evaluate(row, parsed.bind(SCHEMA));
    }

    @Test
    void parsesTheSubset() {
        assertThat(Filter.parse("true").conjuncts()).isEmpty();
        assertThat(Filter.parse("TRUE").conjuncts()).isEmpty();
        assertThat(Filter.parse("id >= -3 and name = 'it''s' AND name is NULL").toString())
                .isEqualTo("id >= -3 AND name = 'it''s' AND name IS NULL");
        assertThat(Filter.parse("id<>1").conjuncts().get(0).op()).isEqualTo(Filter.Op.NE);
        assertThat(Filter.parse("x < 1.25").conjuncts().get(0).literal()).isEqualTo(1.25);
        for (String bad : List.of("", "id", "id = ", "id = 'x", "id = 1 OR id = 2", "true AND id = 1", "1 = id",
                "id IS NOT NULL", "id == 1")) {
            assertThatThrownBy(() -> Filter.parse(bad)).as(bad).isInstanceOfSatisfying(TableException.class,
                    e -> assertThat(e.kind()).isEqualTo(TableException.Kind.INVALID_OPERATION));
        }
    }

    @Test
    void nullMakesAComparisonUnknownAndAndIsThreeValued() {
        assertThat(eval("id = 1", null, "a")).isNull();
        assertThat(eval("id != 1", null, "a")).isNull();
        assertThat(eval("id IS NULL", null, "a")).isTrue();
        assertThat(eval("id = 1 AND name = 'b'", null, "a")).isFalse(); // UNKNOWN AND FALSE
        assertThat(eval("id = 1 AND name = 'a'", null, "a")).isNull(); // UNKNOWN AND TRUE
        assertThat(eval("id = 1 AND name = 'a'", 1L, "a")).isTrue();
        assertThat(eval("x > 1", 1L, "a")).isTrue(); // 1.5 > 1 across number families
        assertThat(eval("name < 'b'", 1L, "a")).isTrue();
    }

    @Test
    void comparisonsMustFitTheColumn() {
        for (String bad : List.of("id = 'x'", "name = 1", "tags = 'a'", "nope = 1")) {
            assertThatThrownBy(() -> Filter.parse(bad).bind(SCHEMA)).as(bad).isInstanceOf(TableException.class);
        }
        assertThat(Filter.parse("tags IS NULL").bind(SCHEMA)).containsExactly(3);
    }
}
