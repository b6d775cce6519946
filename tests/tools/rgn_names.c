/*
 * rgn_names.c - prints the names the library gives its enums, a list a
 * line: "KIND NAME...", for names_listed.sh, which checks the bash
 * completion and rgn(1) against them. Every name comes from rgn.h's
 * functions, none is written here.
 */
#include <stdio.h>

#include "rgn.h"

static void print_list(const char *kind, const char *const *names)
{
    printf("%s", kind);
    for (; names && *names; names++)
        printf(" %s", *names);
    printf("\n");
}

int main(void)
{
    printf("criteria");
    for (int i = 0; i < RGN_CRITERION_COUNT; i++)
        printf(" %s", rgn_criterion_name((enum rgn_criterion)i));
    printf("\n");
    print_list("ends", rgn_criterion_choices(RGN_CRITERION_ENDS));
    print_list("has", rgn_criterion_choices(RGN_CRITERION_HAS));
    print_list("game-formats", rgn_format_names(RGN_GAME_FORMATS));
    print_list("list-formats", rgn_format_names(RGN_LIST_FORMATS));
    print_list("tournament-formats", rgn_format_names(RGN_TOURNAMENT_FORMATS));
    printf("systems");
    for (int s = RGN_SYSTEM_ROUND_ROBIN; s < RGN_SYSTEM_COUNT; s++)
        printf(" %s",
               rgn_tournament_system_name((enum rgn_tournament_system)s));
    printf("\nrules %s %s\n", rgn_tiebreak_rules_name(RGN_RULES_2024),
           rgn_tiebreak_rules_name(RGN_RULES_2026));
    printf("tiebreaks");
    for (int c = 0; c < RGN_TIEBREAK_COUNT; c++)
        printf(" %s", rgn_tiebreak_name((enum rgn_tiebreak_code)c));
    printf("\n");
    return ferror(stdout) ? 1 : 0;
}
