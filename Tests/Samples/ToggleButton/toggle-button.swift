// swift-format-ignore-file
// Source repository: weg-li/weg-li-ios (https://github.com/weg-li/weg-li-ios)
// Path in repository: weg-li/UI/ToggleButton.swift
// Commit: 5c9b911c454616bba90bca783cf65a19feda3cd2
// Licence: MIT License
// Copyright line (repository LICENSE): Copyright (c) 2020 weg-li
// LICENSE read at the same commit (unchanged at HEAD 97121497d7af77366e8f64dac15472aa3d9719db).
// Original file text follows unchanged below this header.

//
//  ToggleButton.swift
//  weg-li
//
//  Created by Malte Bünz on 15.06.20.
//  Copyright © 2020 Stefan Trauth. All rights reserved.
//

import SwiftUI

struct ToggleButton: View {
    @Binding private(set) var isOn: Bool
    
    var body: some View {
        Button(action: { self.isOn.toggle() }) {
            if isOn {
                Image(systemName: "checkmark.circle.fill")
                    .resizable()
                    .frame(width: 35, height: 35)
                    .foregroundColor(.green)
            } else {
                Image(systemName: "checkmark.circle.fill")
                    .hidden()
                    .frame(width: 35, height: 35)
                    .overlay(
                        Circle()
                            .strokeBorder(Color.gray, lineWidth: 1)
                )
            }
        }
    }
}

struct ToggleButton_Previews: PreviewProvider {
    static var previews: some View {
        VStack {
            ToggleButton(isOn: .constant(false))
            ToggleButton(isOn: .constant(true))
        }
    }
}
