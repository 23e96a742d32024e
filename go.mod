module tresham

go 1.26.8
