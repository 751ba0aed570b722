package dev.tableindex.engines.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.tck.engine.ProtoPredicates;
import org.junit.jupiter.api.Test;

/** The translation itself: the protocol's tree becomes SQL node for node, literals in the type the tree gives them. */
class ElementPredicateSqlTest {
    private static final ListTable TABLE = ListTable.fromJson("""
            {"column": "detections", "element": [{"name": "label", "type": "string"}, {"name": "confidence", "type": "float"},
              {"name": "box size", "type": "uint64"}, {"name": "seen", "type": "timestamp:us:UTC"}],
             "rows": [[{"label": "car", "confidence": 0.95, "box size": 1, "seen": 0}], null, [], [null]]}""");

    private static String sql(String predicate) {
        return ElementPredicateSql.of(ProtoPredicates.tree(predicate, TABLE.element()).orElseThrow(), "e");
    }

    @Test
    void theSpecsExampleIsOneComparisonPerNode() {
        assertThat(sql("label = 'car' AND confidence > 0.5"))
                .isEqualTo("((e.\"label\" = 'car') AND (e.\"confidence\" > CAST('0.5' AS FLOAT)))");
    }

    @Test
    void literalsAreWrittenInTheTypeTheTreeGivesThem() {
        assertThat(sql("\"box size\" IN (18446744073709551615, -1, 2.5, NULL)"))
                .isEqualTo("(e.\"box size\" IN (CAST(18446744073709551615 AS UBIGINT), CAST(-1 AS BIGINT), (2.5), NULL))");
        assertThat(sql("seen >= TIMESTAMP '1970-01-01 00:00:00.000000001'"))
                .isEqualTo("(e.\"seen\" >= make_timestamp_ns(CAST(1 AS BIGINT)))");
        assertThat(sql("label = 'it''s'")).isEqualTo("(e.\"label\" = 'it''s')");
    }

    @Test
    void truthTestsAndStandingLiteralsAreSqlsOwn() {
        assertThat(sql("(label = 'car') IS NOT UNKNOWN")).isEqualTo("((e.\"label\" = 'car') IS NOT UNKNOWN)");
        assertThat(sql("NULL")).isEqualTo("CAST(NULL AS BOOLEAN)");
        assertThat(sql("NOT confidence BETWEEN 0.1 AND 0.9"))
                .isEqualTo("(NOT (e.\"confidence\" BETWEEN CAST('0.10000000149011612' AS FLOAT) AND CAST('0.8999999761581421' AS FLOAT)))");
    }

    @Test
    void theCallIsTheSqlOfAnyOverTheUnnestedList() {
        assertThat(DuckDbEngine.anyElementQuery(TABLE, "p", true)).isEqualTo("SELECT NOT (CASE WHEN \"detections\" IS NULL THEN NULL"
                + " ELSE true = ANY (SELECT p FROM unnest(\"detections\") AS t(e)) END) FROM tck_list_table ORDER BY tck_row_number");
    }
}
