; regression: issue 16, a model for a re.^ of 2^32 is checked exactly: Z3 4.8.12 answers s = "" here, which is not in a^(2^32)
; args: --target cmd:{dir}/fake-solver-big-loop.sh
; expect-exit: 1
; expect-stdout: INVALID MODEL: assertion 0 is false under s = "abab"
(declare-const s String)
(assert (str.in_re s ((_ re.^ 4294967296) (str.to_re "ab"))))
(check-sat)
