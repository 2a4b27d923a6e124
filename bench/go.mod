module github.com/jsonheal/jsonheal/bench

go 1.26

require github.com/jsonheal/jsonheal v0.0.0

replace github.com/jsonheal/jsonheal => ../
