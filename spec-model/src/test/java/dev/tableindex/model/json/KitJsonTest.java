package dev.tableindex.model.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KitJsonTest {
    @Test
    void readsOneStrictValue() {
        assertThat(KitJson.read("{\"a\": [1, 2.5, \"x\", null, true]}").path("a").size()).isEqualTo(5);
    }

    @Test
    void refusesNestingDeeperThanTheLimitWithoutOverflowingTheStack() {
        String deep = "[".repeat(30_000) + "]".repeat(30_000);
        assertThatThrownBy(() -> KitJson.read(deep)).isInstanceOf(JsonInputException.class)
                .hasMessage("nested deeper than 256 levels at line 1, column 257");
        assertThat(KitJson.read("[".repeat(256) + "]".repeat(256)).isArray()).isTrue();
    }

    @Test
    void refusesAMemberGivenTwice() {
        assertThatThrownBy(() -> KitJson.read("{\"format-version\": 2, \"format-version\": 1}"))
                .hasMessage("$.format-version: the member appears twice (line 1, column 39)");
    }

    @Test
    void namesTheJsonPathOfAMemberGivenTwiceDeepInside() {
        assertThatThrownBy(() -> KitJson.read("{\"rows\": [{}, {\"id\": 1, \"id\": 2}]}"))
                .isInstanceOfSatisfying(JsonInputException.class, e -> assertThat(e.path()).isEqualTo("$.rows[1].id"));
    }

    @Test
    void refusesTextAfterTheValue() {
        assertThatThrownBy(() -> KitJson.read("{\"format-version\": 1} x"))
                .hasMessageStartingWith("not JSON: text after the value at line 1, column");
        assertThatThrownBy(() -> KitJson.read("{} {}".getBytes(StandardCharsets.UTF_8)))
                .hasMessageStartingWith("not JSON: text after the value");
    }

    @Test
    void refusesLenientJsonInTheKitsWordsWithoutNamingJacksonSwitches() {
        for (String bad : new String[] {"[NaN]", "{'a': 1}", "[1,]", "[01]", "/* c */ 1", "{\"a\" 1}", ""}) {
            assertThatThrownBy(() -> KitJson.read(bad)).as(bad).isInstanceOf(JsonInputException.class)
                    .message().doesNotContain("`").doesNotContain("Feature").doesNotContain("jackson")
                    .doesNotContain("Source:").hasSizeLessThan(300);
        }
    }

    @Test
    void refusesANumberOfMoreThanAThousandDigits() {
        assertThatThrownBy(() -> KitJson.read("[" + "9".repeat(1001) + "]"))
                .hasMessageStartingWith("a number longer than 1000 characters");
    }

    @Test
    void refusesAMissingFileOrAFolderInPlainWords(@TempDir Path dir) {
        assertThatThrownBy(() -> KitJson.read(dir.resolve("absent.json"))).hasMessage("cannot be read: no such file or folder");
        assertThatThrownBy(() -> KitJson.read(dir)).hasMessage("is a folder, not a file");
    }

    @Test
    void readsAFile(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("t.json"), "{\"x\": 1}");
        assertThat(KitJson.read(file).path("x").asInt()).isEqualTo(1);
    }

    @Test
    void mapsToTypesWithoutCoercingOneJsonKindIntoAnother() {
        assertThatThrownBy(() -> KitJson.mapper().readValue("{\"a\": 1}",
                new com.fasterxml.jackson.core.type.TypeReference<java.util.Map<String, String>>() { }))
                .isInstanceOf(com.fasterxml.jackson.databind.exc.MismatchedInputException.class);
    }
}
